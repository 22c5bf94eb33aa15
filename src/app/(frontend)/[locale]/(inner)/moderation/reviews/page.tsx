import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { HeldReviewsQueue } from '@/components/moderation/HeldReviewsQueue.client'
import { ModerationArea } from '@/components/moderation/ModerationArea'
import { requireUser } from '@/data/requireUser'
import { ClientMessages } from '@/i18n/ClientMessages'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('moderation')
  return { title: t('held-title') }
}

/** /moderation/reviews (admins): the reviews held for moderation, to publish or hide. */
export default async function HeldReviewsPage() {
  const user = await requireUser()
  const t = await getTranslations('moderation')
  return (
    <ModerationArea user={user} current="held" title={t('held-title')}>
      <ClientMessages group="moderation">
        <HeldReviewsQueue />
      </ClientMessages>
    </ModerationArea>
  )
}
