import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { isNotificationKind } from '@/lib/notifications'
import { queueNotificationMail, readMailRecipient } from '@/server/notificationMail'
import type { Notification } from '@payload-types'

const recipientOf = (value: unknown): number | null => {
  if (typeof value === 'number') return value
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'number') {
    return value.id
  }
  return null
}

/**
 * A new notification's mail, as its recipient chose for its kind when it happens: `sent` when it
 * is mailed at once (by mailNotification, below, in the same transaction), `digest` when it waits
 * for the daily digest (src/server/notificationDigest.ts), `none` when they want no mail of it or
 * are blocked. Whatever the creator gave for these fields is replaced; no door writes them.
 */
export const decideNotificationMail: CollectionBeforeChangeHook = async ({
  req,
  data,
  operation,
}) => {
  if (operation !== 'create') return data
  const recipientId = recipientOf(data.recipient)
  const recipient = recipientId ? await readMailRecipient({ req, userId: recipientId }) : null
  const choice =
    recipient && !recipient.blocked && recipient.email && isNotificationKind(data.kind)
      ? recipient.choiceOf(data.kind)
      : 'never'
  const mail = choice === 'immediate' ? 'sent' : choice === 'digest' ? 'digest' : 'none'
  return { ...data, mail, mailedAt: mail === 'sent' ? new Date().toISOString() : null }
}

/**
 * Queues a new notification's mail when it is to go at once: in the recipient's language, through
 * the jobs queue in the event's own transaction, so a write that rolls back mails nothing and each
 * notification (one per event and person: its unique `eventKey`) is mailed once.
 */
export const mailNotification: CollectionAfterChangeHook<Notification> = async ({
  req,
  doc,
  operation,
}) => {
  if (operation !== 'create' || doc.mail !== 'sent') return doc
  const recipientId = recipientOf(doc.recipient)
  const recipient = recipientId ? await readMailRecipient({ req, userId: recipientId }) : null
  if (!recipient?.email || recipient.blocked) return doc
  await queueNotificationMail({ req, notification: doc, recipient })
  return doc
}
