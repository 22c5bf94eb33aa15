import type { Metadata } from 'next'
import { forbidden } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { AnalyticsScreen } from '@/components/analytics/AnalyticsScreen.client'
import { requireUser } from '@/data/requireUser'
import { ClientMessages } from '@/i18n/ClientMessages'
import { canSeeAnalytics, canSeeSiteAnalytics } from '@/lib/roles'

import '@/components/account/account.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('analytics')
  return { title: t('title') }
}

/**
 * /analitycs (the spec's spelling; /analytics redirects here): owners and operators see how their
 * resources do, admins the whole site too. Members and editors get 403 and the reason, not a 404.
 */
export default async function AnalyticsPage() {
  const user = await requireUser()
  if (!canSeeAnalytics(user)) forbidden()
  const t = await getTranslations('analytics')
  return (
    <section className="account-area analytics-area" aria-labelledby="analytics-title">
      <header className="account-header">
        <h1 id="analytics-title">{t('title')}</h1>
      </header>
      <p className="account-intro">{t(canSeeSiteAnalytics(user) ? 'lead-admin' : 'lead')}</p>
      <ClientMessages group="analytics">
        <AnalyticsScreen canSeeSite={canSeeSiteAnalytics(user)} />
      </ClientMessages>
    </section>
  )
}
