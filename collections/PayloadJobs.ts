import type { Access, CollectionConfig } from 'payload'

import { isAdmin } from '@/lib/roles'
import { isModerator } from '@access/content'
import { SCHEDULE_PUBLISH_TASK } from '@hooks/content/scheduledPublishing'

/** Admins read every job; editors the scheduled publications (a failed one names its cause). */
const readJobs: Access = ({ req: { user } }) =>
  isAdmin(user) || (isModerator(user) && { taskSlug: { equals: SCHEDULE_PUBLISH_TASK } })

/**
 * Payload's jobs queue (`payload-jobs`) holds the scheduled publications of the editors'
 * collections: editors and admins schedule through any door (the admin's drawer, REST, GraphQL)
 * and read them. What may be scheduled is `refuseUnpublishableSchedule`'s, installed with the
 * failure report by `withSchedulingRules` once the config is built (hooks/content/
 * scheduledPublishing/). Changing or removing a job stays the runner's and the admin drawer's
 * (Local API) business.
 */
export const withScheduleAccess = ({
  defaultJobsCollection,
}: {
  defaultJobsCollection: CollectionConfig
}): CollectionConfig => ({
  ...defaultJobsCollection,
  access: {
    ...defaultJobsCollection.access,
    read: readJobs,
    create: ({ req: { user } }) => isModerator(user),
  },
})
