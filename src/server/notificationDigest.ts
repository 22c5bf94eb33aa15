import 'server-only'

import type { TaskConfig } from 'payload'

import type { Notification } from '@payload-types'

import { inTransaction } from './db'
import { env } from './env'
import { queueDigestMail, readMailRecipient } from './notificationMail'
import { claimDigestNotifications, markNotMailed } from './sql/notificationMail'

export const NOTIFICATION_DIGEST_TASK = 'mailNotificationDigest'

/** When the digest goes out: every day at 07:00 UTC unless NOTIFICATION_DIGEST_CRON says otherwise. */
export const notificationDigestCron = () => env().NOTIFICATION_DIGEST_CRON

/**
 * Mails each user, once a day, the notifications of the kinds they get as a digest that are not
 * mailed yet and still unread (one read on the site meanwhile is not mailed: they have seen it),
 * in one message in their language. The claim and the queued mails commit together, under a lock
 * that runs the digest once at a time (src/server/sql/notificationMail.ts): a second run, or a
 * second worker at the same moment, finds nothing left, and a run that fails mails nothing and
 * leaves them for the next one. A blocked account, or one that has since turned the kind off, is
 * not mailed.
 */
export const mailNotificationDigest = async (req: Parameters<typeof inTransaction>[0]) =>
  inTransaction(req, async () => {
    const claimed = await claimDigestNotifications(req)
    const byRecipient = new Map<number, number[]>()
    for (const { id, recipient } of claimed) {
      byRecipient.set(recipient, [...(byRecipient.get(recipient) ?? []), id])
    }
    let mails = 0
    for (const [userId, ids] of byRecipient) {
      const recipient = await readMailRecipient({ req, userId })
      const { docs } = await req.payload.find({
        collection: 'notifications',
        where: { id: { in: ids } },
        sort: 'createdAt',
        depth: 0,
        limit: ids.length,
        overrideAccess: true,
        req,
      })
      const wanted =
        recipient?.email && !recipient.blocked
          ? docs.filter((doc: Notification) => recipient.choiceOf(doc.kind) !== 'never')
          : []
      await markNotMailed(
        req,
        ids.filter((id) => !wanted.some((doc) => doc.id === id)),
      )
      if (!recipient || !wanted.length) continue
      await queueDigestMail({ req, notifications: wanted, recipient })
      mails += 1
    }
    return { notifications: claimed.length, mails }
  })

export const notificationDigestTask = {
  slug: NOTIFICATION_DIGEST_TASK,
  label: 'Notifications: the daily digest mail',
  retries: 2,
  schedule: [{ cron: notificationDigestCron(), queue: 'default' }],
  handler: async ({ req }) => ({ output: await mailNotificationDigest(req) }),
} as const satisfies TaskConfig<{ input: object; output: { notifications: number; mails: number } }>
