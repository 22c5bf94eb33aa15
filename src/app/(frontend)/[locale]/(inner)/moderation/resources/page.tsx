import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ModerationArea } from '@/components/moderation/ModerationArea'
import { ResourcesQueue } from '@/components/moderation/ResourcesQueue.client'
import { requireUser } from '@/data/requireUser'
import { ClientMessages } from '@/i18n/ClientMessages'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('moderation')
  return { title: t('resources-title') }
}

/** /moderation/resources (admins): resources waiting for approval, to approve or reject. */
export default async function PendingResourcesPage() {
  const user = await requireUser()
  const t = await getTranslations('moderation')
  return (
    <ModerationArea user={user} current="resources" title={t('resources-title')}>
      <ClientMessages group="moderation">
        <ResourcesQueue />
      </ClientMessages>
    </ModerationArea>
  )
}
