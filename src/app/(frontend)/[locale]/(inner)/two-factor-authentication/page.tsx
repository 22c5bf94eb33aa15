import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { requireAccount } from '@/data/account'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'

import { TwoFactorSettings } from './TwoFactorSettings.client'

import '@/components/account/account-screens.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('security')
  return { title: t('title') }
}

/**
 * Security: the second sign-in factor, turned on and off. The route is public (spec §2), but the
 * settings belong to an account, so a guest signs in first.
 */
export default async function TwoFactorPage() {
  const user = await requireAccount()
  const t = await getTranslations('security')
  const accountSecurity = await getTranslations('account-security')
  return (
    <ClientMessages group="security">
      <section className="account-page" aria-labelledby="security-title">
        <h1 id="security-title">{t('title')}</h1>
        <TwoFactorSettings fallback={user} />
        <p className="form-links">
          <Link href="/change-password">{t('change-password')}</Link>
          <Link href="/profile/security">{accountSecurity('backup-heading')}</Link>
          <Link href="/profile">{t('back')}</Link>
        </p>
      </section>
    </ClientMessages>
  )
}
