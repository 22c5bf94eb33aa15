import { getTranslations } from 'next-intl/server'

import type { Locale } from '@/i18n/routing'
import { KEPT_WITHOUT_NAME, REMOVED_WITH_ACCOUNT } from '@/lib/accountDeletion'

/**
 * What deleting an account removes and what it keeps without a name, drawn from the list the
 * deletion follows (src/lib/accountDeletion.ts): on the privacy policy and above the member's own
 * "Delete my account". A server component, no script.
 */
export async function AccountDeletionList({
  locale,
  headingLevel = 2,
}: {
  locale: Locale
  /** h2 on the policy, h3 inside the member's "Delete my account" section. */
  headingLevel?: 2 | 3
}) {
  const t = await getTranslations({ locale, namespace: 'account-deletion' })
  const Heading = `h${headingLevel}` as const
  const Sub = `h${headingLevel + 1}` as 'h3' | 'h4'
  return (
    <section className="retention" aria-labelledby="account-deletion-title">
      <Heading id="account-deletion-title">{t('title')}</Heading>
      <Sub>{t('removed-title')}</Sub>
      <ul data-testid="deletion-removed">
        {REMOVED_WITH_ACCOUNT.map((kind) => (
          <li key={kind}>{t(`removed.${kind}`)}</li>
        ))}
      </ul>
      <Sub>{t('kept-title')}</Sub>
      <ul data-testid="deletion-kept">
        {KEPT_WITHOUT_NAME.map((kind) => (
          <li key={kind}>{t(`kept.${kind}`)}</li>
        ))}
      </ul>
      <p>{t('log')}</p>
    </section>
  )
}
