import { CONTENT_COLLECTIONS, type ContentCollection } from '@/lib/content'

/** Payload's task that publishes (or unpublishes) a document at its time. */
export const SCHEDULE_PUBLISH_TASK = 'schedulePublish'

/** A trial publication runs the collection's hooks with this flag: they change nothing outside. */
export const DRY_RUN_CONTEXT = 'schedulePublishDryRun'

export type JobInput = {
  type?: 'publish' | 'unpublish' | null
  locale?: string | null
  doc?: { relationTo?: string; value?: string | number } | null
  global?: string | null
  user?: { relationTo?: string; value?: string | number } | number | string | null
  timezone?: string | null
}

export type JobData = {
  processing?: boolean | null
  totalTried?: number | null
  taskSlug?: string | null
  workflowSlug?: string | null
  input?: JobInput | null
  waitUntil?: string | null
  queue?: string | null
  hasError?: boolean | null
  error?: { message?: string } | null
}

export const isContentCollection = (slug: unknown): slug is ContentCollection =>
  (CONTENT_COLLECTIONS as readonly unknown[]).includes(slug)

export const userIdOf = (ref: JobInput['user']): number | null => {
  const value = ref && typeof ref === 'object' ? ref.value : ref
  const id = Number(value)
  return Number.isInteger(id) && id > 0 ? id : null
}
