import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ModerationArea } from '@/components/moderation/ModerationArea'
import { WaitingQueues } from '@/components/moderation/WaitingQueues'
import { waitingCounts } from '@/data/moderation'
import { requireUser } from '@/data/requireUser'
import { canModerate } from '@/lib/roles'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('moderation')
  return { title: t('title') }
}

/** /moderation (admins): what waits in each moderators' queue, each count a link to it. */
export default async function ModerationPage() {
  const user = await requireUser()
  const t = await getTranslations('moderation')
  return (
    <ModerationArea user={user} current="dashboard" title={t('title')}>
      {canModerate(user) && <WaitingQueues counts={await waitingCounts()} />}
    </ModerationArea>
  )
}
