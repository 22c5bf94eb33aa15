import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { requireAccount } from '@/data/account'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'

import { DataExport } from './DataExport.client'

import '@/components/account/account-screens.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('privacy')
  return { title: t('title') }
}

/**
 * "My data": the member's archive of everything the site holds about them (issue 44), asked for,
 * followed while the queue builds it, and downloaded once. The route is for signed-in users
 * (src/routes.ts, under /profile); the archive's state loads in the browser.
 */
export default async function PrivacyPage() {
  await requireAccount()
  const t = await getTranslations('privacy')
  return (
    <ClientMessages group="privacy">
      <section className="account-page" aria-labelledby="privacy-title">
        <h1 id="privacy-title">{t('title')}</h1>
        <p>{t('intro')}</p>
        <DataExport />
        <p className="form-links">
          <Link href="/profile">{t('back')}</Link>
        </p>
      </section>
    </ClientMessages>
  )
}
