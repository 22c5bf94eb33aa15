import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { requireAccount } from '@/data/account'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'

import { BackupCodes } from './BackupCodes.client'
import { SecurityLog } from './SecurityLog.client'
import { Sessions } from './Sessions.client'

import '@/components/account/account-screens.css'
import '@/components/account/account-security.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account-security')
  return { title: t('title') }
}

/**
 * The account's security: its live sessions (this device marked, the others signed out one by
 * one or all at once), its backup codes and its security log. Everything loads in the browser
 * through the account-security calls; the route is for signed-in users (src/routes.ts).
 */
export default async function AccountSecurityPage() {
  await requireAccount()
  const t = await getTranslations('account-security')
  return (
    <ClientMessages group="account-security">
      <section className="account-page" aria-labelledby="account-security-title">
        <h1 id="account-security-title">{t('title')}</h1>
        <Sessions />
        <BackupCodes />
        <SecurityLog />
        <p className="form-links">
          <Link href="/two-factor-authentication">{t('second-factor-link')}</Link>
          <Link href="/profile">{t('back')}</Link>
        </p>
      </section>
    </ClientMessages>
  )
}
