import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/navigation'
import type { Locale } from '@/i18n/routing'
import { RETENTION, type RetainedKind } from '@/lib/retention'

/**
 * The privacy page's "How long we keep what", drawn from the periods the clean-ups enforce
 * (src/lib/retention.ts), so that it always says what the site does; a server component, no
 * script.
 */
export async function RetentionList({
  locale,
  linkToData = true,
}: {
  locale: Locale
  /** Whether to end with the link to "My data" (not on that page itself). */
  linkToData?: boolean
}) {
  const t = await getTranslations({ locale, namespace: 'retention' })
  return (
    <section className="retention" aria-labelledby="retention-title">
      <h2 id="retention-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      <ul>
        {(Object.keys(RETENTION) as RetainedKind[]).map((kind) => (
          <li key={kind} data-kind={kind}>
            {t(kind, { days: RETENTION[kind] })}
          </li>
        ))}
      </ul>
      {linkToData && (
        <p>
          {t.rich('your-data', {
            link: (text) => <Link href="/profile/privacy">{text}</Link>,
          })}
        </p>
      )}
    </section>
  )
}
