import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ModerationArea } from '@/components/moderation/ModerationArea'
import { ReportsQueue } from '@/components/moderation/ReportsQueue.client'
import { requireUser } from '@/data/requireUser'
import { ClientMessages } from '@/i18n/ClientMessages'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('moderation')
  return { title: t('reports-title') }
}

/** /moderation/reports (admins): the reported reviews, each with its reports, to decide. */
export default async function ReviewReportsPage() {
  const user = await requireUser()
  const t = await getTranslations('moderation')
  return (
    <ModerationArea user={user} current="reports" title={t('reports-title')}>
      <ClientMessages group="moderation">
        <ReportsQueue />
      </ClientMessages>
    </ModerationArea>
  )
}
