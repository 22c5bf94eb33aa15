import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ClientMessages } from '@/i18n/ClientMessages'

import { ResetPasswordForm } from './ResetPasswordForm.client'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('reset')
  // The token in the address must not travel on in a Referer or land in search results.
  return { title: t('title'), robots: { index: false }, referrer: 'no-referrer' }
}

/** The link mailed by /forget: the `{id}` segment is the reset token. */
export default async function ResetPasswordPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const t = await getTranslations('reset')
  return (
    <ClientMessages group="reset">
      <section className="narrow" aria-labelledby="reset-title">
        <h1 id="reset-title">{t('title')}</h1>
        <ResetPasswordForm token={id} />
      </section>
    </ClientMessages>
  )
}
