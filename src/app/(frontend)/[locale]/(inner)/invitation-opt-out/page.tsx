import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ErrorState } from '@/components/ui/States'
import { readInvitationOptOutToken } from '@/server/invitationTokens'

import { OptOutButton } from './OptOutButton.client'

type Props = { searchParams: Promise<{ token?: string | string[] }> }

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('invitations')
  return { title: t('opt-out-title'), robots: { index: false } }
}

/**
 * Where an invitation mail's "never send me invitations" link leads: it says what will stop and
 * asks for a click; opening it changes nothing (mail scanners open links). A link that is not
 * genuine is told so.
 */
export default async function InvitationOptOutPage({ searchParams }: Props) {
  const { token } = await searchParams
  const given = Array.isArray(token) ? token[0] : token
  const genuine = readInvitationOptOutToken(given) !== null
  const t = await getTranslations('invitations')
  return (
    <section className="narrow" aria-labelledby="opt-out-title">
      <h1 id="opt-out-title">{t('opt-out-title')}</h1>
      {genuine && given ? (
        <>
          <p>{t('opt-out-what')}</p>
          <OptOutButton
            token={given}
            words={{
              button: t('opt-out-button'),
              busy: t('opt-out-busy'),
              done: t('opt-out-done'),
              failed: t('opt-out-failed'),
            }}
          />
        </>
      ) : (
        <ErrorState message={t('opt-out-invalid')} />
      )}
    </section>
  )
}
