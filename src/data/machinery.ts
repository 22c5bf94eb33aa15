import 'server-only'

import type { Payload } from 'payload'

import { BACKUP_OVERDUE_HOURS } from '@/lib/backups'
import { type Someone, canSeeMachinery } from '@/lib/roles'
import { EMAIL_QUEUE, EMAIL_TASK, runnerQueues } from '@/server/jobQueues'
import { type QueuedMessage, addresses } from '@/server/mailQueue'
import { jobFigures, lastBackup, linkCheckFigures, mailsGivenUpToday } from '@/server/sql/metrics'
import type { PayloadJob, User } from '@payload-types'

/** How many failed jobs the admins' screen lists (the latest); the total is counted apart. */
export const FAILED_JOBS_SHOWN = 50

/** A job that failed for good, as the admins' machinery screen shows it. */
export type FailedJob = {
  id: number
  /** Its task's slug (the screen names it in the admin's language). */
  task: string
  queue: string
  /** When it gave up (ISO). */
  failedAt: string
  tries: number
  /** What it last met, as the runner recorded it. */
  reason: string
  /** A mail's recipients and subject; null for another task. */
  mail: { to: string; subject: string } | null
}

/** Each queue's jobs: waiting, running, failed, and how long the oldest due one has waited. */
export type QueueFigures = Awaited<ReturnType<typeof jobFigures>>[number]

export type Machinery = {
  /** When it was read (ms). */
  readAt: number
  queues: QueueFigures[]
  failed: { jobs: FailedJob[]; total: number }
  /** The last backup, and whether it is older than BACKUP_OVERDUE_HOURS (or there is none). */
  backup: { last: Awaited<ReturnType<typeof lastBackup>>; overdue: boolean }
  linkChecks: Awaited<ReturnType<typeof linkCheckFigures>>
  /** Mails given up in the last 24 hours. */
  mailsGivenUp: number
}

const messageOf = (error: unknown): string | null =>
  error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
    ? error.message
    : null

/** The job's own error, else its last try's: what it last met. */
const reasonOf = (job: PayloadJob) => {
  const lastTry = job.log?.findLast((entry) => entry.state === 'failed')
  return messageOf(job.error) ?? messageOf(lastTry?.error) ?? ''
}

const failedJob = (job: PayloadJob): FailedJob => {
  const message = (job.input as { message?: Partial<QueuedMessage> } | null)?.message
  return {
    id: Number(job.id),
    task: job.taskSlug ?? '',
    queue: job.queue ?? 'default',
    failedAt: job.updatedAt,
    tries: job.totalTried ?? 0,
    reason: reasonOf(job),
    mail:
      job.taskSlug === EMAIL_TASK && message
        ? { to: addresses(message.to), subject: message.subject ?? '' }
        : null,
  }
}

/**
 * What the admins' machinery screen shows (src/components/admin/MachineryView.tsx): the queues'
 * depth, the failed jobs (the latest first, read with the admin's own access to `payload-jobs`),
 * the last backup, the availability monitor's last check and the mails given up today. Null for
 * anyone but an admin.
 */
export const machinery = async ({
  payload,
  user,
}: {
  payload: Payload
  user: Someone
}): Promise<Machinery | null> => {
  if (!canSeeMachinery(user)) return null
  const [queues, failed, backup, linkChecks, mailsGivenUp] = await Promise.all([
    jobFigures(payload),
    payload.find({
      collection: 'payload-jobs',
      where: { hasError: { equals: true } },
      sort: '-updatedAt',
      limit: FAILED_JOBS_SHOWN,
      depth: 0,
      overrideAccess: false,
      user: user as User,
    }),
    lastBackup(payload),
    linkCheckFigures(payload),
    mailsGivenUpToday(payload, EMAIL_QUEUE),
  ])
  const readAt = Date.now()
  // Every queue the runners look at, an empty one too.
  const named = new Set(queues.map((row) => row.queue))
  const idle = runnerQueues(payload)
    .filter((queue) => !named.has(queue))
    .map((queue) => ({ queue, queued: 0, running: 0, failed: 0, oldestDueSeconds: 0 }))
  return {
    readAt,
    queues: [...queues, ...idle],
    failed: { jobs: failed.docs.map(failedJob), total: failed.totalDocs },
    backup: {
      last: backup,
      overdue: !backup || readAt - backup.at > BACKUP_OVERDUE_HOURS * 3_600_000,
    },
    linkChecks,
    mailsGivenUp,
  }
}
