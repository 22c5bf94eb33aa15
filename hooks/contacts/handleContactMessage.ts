import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { contactReplyText } from '@/lib/contactReply'
import { contactReplyFrame } from '@/server/contactReplyFrame'
import { contactEmail } from '@/server/email'
import { queueEmail } from '@/server/mailQueue'
import type { ContactMessage, User } from '@payload-types'

const textOf = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : ''

/**
 * Who handled a contact message and when, by whatever door: a first reply marks it processed and
 * records who replied and when; marking it processed records who and when, returning it to the
 * queue clears them. A sent reply stays as it was sent (its field's access keeps it, and so does
 * this hook when the access is overridden).
 */
export const recordContactHandling: CollectionBeforeChangeHook<ContactMessage> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'update' || !originalDoc) return data
  const by = (req.user as User | null)?.id ?? null
  const now = new Date().toISOString()
  const next = { ...data }
  const sent = textOf(originalDoc.reply)
  const reply = sent ? '' : textOf(data.reply)
  if (sent) {
    Object.assign(next, {
      reply: originalDoc.reply,
      repliedBy: originalDoc.repliedBy,
      repliedAt: originalDoc.repliedAt,
    })
  } else if (reply) {
    Object.assign(next, { reply, repliedBy: by, repliedAt: now, handled: true })
  } else {
    Object.assign(next, { reply: null, repliedBy: null, repliedAt: null })
  }
  const handled = Boolean(next.handled ?? originalDoc.handled)
  next.handled = handled
  if (handled && !originalDoc.handled) Object.assign(next, { handledBy: by, handledAt: now })
  else if (!handled) Object.assign(next, { handledBy: null, handledAt: null })
  else Object.assign(next, { handledBy: originalDoc.handledBy, handledAt: originalDoc.handledAt })
  return next
}

/**
 * A reply just written goes to the sender's address, in the language they wrote in, with their
 * message quoted; answers to it reach the site's team. The mail is queued in the reply's
 * transaction, and the email queue sends it, retrying while the mail server is away.
 */
export const mailContactReply: CollectionAfterChangeHook<ContactMessage> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || !doc.reply || previousDoc?.reply) return doc
  const frame = contactReplyFrame(doc)
  await queueEmail({
    req,
    message: {
      to: { name: doc.name, address: doc.email },
      replyTo: contactEmail(),
      subject: frame.subject,
      text: contactReplyText({ frame, reply: doc.reply, message: doc.message }),
    },
  })
  return doc
}
