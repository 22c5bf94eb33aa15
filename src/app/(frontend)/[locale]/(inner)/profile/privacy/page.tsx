import type { Metadata } from 'next'
import { getLocale, getTranslations } from 'next-intl/server'

import { AccountDeletionList } from '@/components/content/AccountDeletionList'
import { RetentionList } from '@/components/content/RetentionList'
import { accountDeletionView } from '@/data/accountDeletion'
import { requireUser } from '@/data/requireUser'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { DEFAULT_LOCALE, isLocale } from '@/i18n/routing'

import { DataExport } from './DataExport.client'
import { DeleteAccount } from './DeleteAccount.client'

import '@/components/account/account-screens.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('privacy')
  return { title: t('title') }
}

/**
 * "My data": the member's archive of everything the site holds about them (issue 44), asked for,
 * followed while the queue builds it, and downloaded once; then how long each kind of record is
 * kept; then deleting the account, with what it removes and keeps. The route is for signed-in
 * users (src/routes.ts, under /profile); the archive's state loads in the browser.
 */
export default async function PrivacyPage() {
  const user = await requireUser()
  const [t, requested, deletion] = await Promise.all([
    getTranslations('privacy'),
    getLocale(),
    accountDeletionView(user),
  ])
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  return (
    <ClientMessages group="privacy">
      <section className="account-page" aria-labelledby="privacy-title">
        <h1 id="privacy-title">{t('title')}</h1>
        <p>{t('intro')}</p>
        <DataExport />
        <div className="form">
          <RetentionList locale={locale} linkToData={false} />
        </div>
        <DeleteAccount view={deletion}>
          <AccountDeletionList locale={locale} headingLevel={3} />
        </DeleteAccount>
        <p className="form-links">
          <Link href="/profile">{t('back')}</Link>
        </p>
      </section>
    </ClientMessages>
  )
}
