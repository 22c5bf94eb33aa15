import 'server-only'

import type { ContactReplyFrame } from '@/lib/contactReply'
import { relationId } from '@/lib/relations'
import { contactReplyFrame } from '@/server/contactReplyFrame'
import type { ContactMessage } from '@payload-types'

import {
  type AttachmentView,
  type PersonView,
  type Reader,
  attachmentsOf,
  loadPeople,
  personOf,
} from './support'

/** A contact message as the moderators' queue shows it: what the visitor sent, then its handling. */
export type ContactMessageView = {
  id: number
  name: string
  email: string
  subject: string
  message: string
  /** The language the visitor wrote in, which the reply mail uses. */
  locale: 'ru' | 'en' | null
  attachments: AttachmentView[]
  /** The signed-in member who sent it, if any. */
  sender: PersonView | null
  created_at: string
  handled: boolean
  handled_at: string | null
  handled_by: PersonView | null
  reply: { text: string; at: string | null; by: PersonView | null } | null
  /** What the reply mail puts around the reply, in the sender's language (the dialog shows it). */
  reply_frame: ContactReplyFrame
}

/** The counts of the queue's two tabs. */
export type ContactCounts = { unprocessed: number; processed: number }

export type ContactMessagePage = {
  messages: ContactMessageView[]
  page: number
  total_pages: number
  total: number
  counts: ContactCounts
}

/** Contact messages, their attachments populated, as the queue shows them. */
export const contactMessageViews = async ({
  payload,
  req,
  messages,
}: Reader & { messages: ContactMessage[] }): Promise<ContactMessageView[]> => {
  const people = await loadPeople({
    payload,
    req,
    ids: messages.flatMap((m) => [
      relationId(m.sender),
      relationId(m.handledBy),
      relationId(m.repliedBy),
    ]),
  })
  return messages.map((message) => ({
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    locale: message.locale ?? null,
    attachments: attachmentsOf(message.attachments),
    sender: personOf(people, message.sender),
    created_at: message.createdAt,
    handled: Boolean(message.handled),
    handled_at: message.handledAt ?? null,
    handled_by: personOf(people, message.handledBy),
    reply: message.reply
      ? {
          text: message.reply,
          at: message.repliedAt ?? null,
          by: personOf(people, message.repliedBy),
        }
      : null,
    reply_frame: contactReplyFrame(message),
  }))
}
