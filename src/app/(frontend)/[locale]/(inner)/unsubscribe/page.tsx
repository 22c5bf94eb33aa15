import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ErrorState } from '@/components/ui/States'
import { Link } from '@/i18n/navigation'
import { readUnsubscribeToken } from '@/server/unsubscribeToken'

import { UnsubscribeButton } from './UnsubscribeButton.client'

type Props = { searchParams: Promise<{ token?: string | string[] }> }

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('notification-mail')
  return { title: t('page-title'), robots: { index: false } }
}

/**
 * Where a notification mail's "unsubscribe" link leads, signed in or not: it says what will stop
 * and asks for a click; opening it changes nothing (mail scanners open links). A link that is not
 * genuine is told so, and leads to the settings.
 */
export default async function UnsubscribePage({ searchParams }: Props) {
  const { token } = await searchParams
  const given = Array.isArray(token) ? token[0] : token
  const read = readUnsubscribeToken(given)
  const t = await getTranslations('notification-mail')
  const kinds = await getTranslations('notification-settings')
  const kind = read && read.scope !== 'all' ? kinds(`kind-${read.scope}`) : ''
  return (
    <section className="narrow" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t('page-title')}</h1>
      {read && given ? (
        <>
          <p>{read.scope === 'all' ? t('page-what-all') : t('page-what-kind', { kind })}</p>
          <UnsubscribeButton
            token={given}
            words={{
              button: t('page-button'),
              busy: t('page-busy'),
              done: read.scope === 'all' ? t('page-done-all') : t('page-done-kind', { kind }),
              failed: t('page-failed'),
              settings: t('page-settings'),
            }}
          />
        </>
      ) : (
        <ErrorState
          message={t('page-invalid')}
          action={<Link href="/my-settings#email-notifications">{t('page-settings')}</Link>}
        />
      )}
    </section>
  )
}
