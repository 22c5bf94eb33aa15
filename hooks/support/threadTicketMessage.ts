import {
  type CollectionAfterChangeHook,
  type CollectionBeforeChangeHook,
  ValidationError,
} from 'payload'

import { canAnswerTickets } from '@/lib/roles'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { relationId } from '@access/resources'
import { notify } from '@hooks/notifications/notify'
import type { TicketMessage, User } from '@payload-types'

import { shareAttachments } from './shareAttachments'

const refuse = (req: Parameters<CollectionBeforeChangeHook>[0]['req'], path: string, key: string) =>
  new ValidationError({
    errors: [{ path, message: serverMessage({ locale: messageLocale(req), key: `api.${key}` }) }],
    req,
  })

/**
 * A new message joins its ticket's thread by whatever door it comes: its author is whoever sends
 * it (a signed-in request), support when that is an admin, and it keeps the ticket's author so
 * that reading it needs no join. A closed ticket takes no more messages; a message never moves.
 */
export const threadTicketMessage: CollectionBeforeChangeHook<TicketMessage> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (operation !== 'create') {
    // Nothing of a sent message changes but through an admin's correction of its text.
    return {
      ...data,
      ticket: originalDoc?.ticket,
      author: originalDoc?.author,
      ticketAuthor: originalDoc?.ticketAuthor,
      fromSupport: originalDoc?.fromSupport,
    }
  }
  const ticketId = relationId(data.ticket)
  const ticket =
    ticketId === null
      ? null
      : await req.payload.findByID({
          collection: 'tickets',
          id: ticketId,
          depth: 0,
          overrideAccess: true,
          disableErrors: true,
          req,
        })
  if (!ticket) throw refuse(req, 'ticket', 'ticket-not-found')
  if (ticket.status === 'closed') throw refuse(req, 'ticket', 'ticket-closed')
  const user = req.user as User | null
  const author = user ? user.id : relationId(data.author)
  if (author === null) throw refuse(req, 'author', 'required')
  const authorIsStaff = user ? canAnswerTickets(user) : author !== relationId(ticket.author)
  return {
    ...data,
    author,
    ticketAuthor: relationId(ticket.author),
    fromSupport: authorIsStaff,
  }
}

/**
 * After a message: the ticket waits for support (`open`, since the first unanswered message) or
 * for its author (`answered`, marked unread for them, who are told by email); the message's files
 * become readable by the ticket's author.
 */
export const updateTicketOnMessage: CollectionAfterChangeHook<TicketMessage> = async ({
  doc,
  operation,
  req,
}) => {
  if (operation !== 'create') return doc
  const ticketId = relationId(doc.ticket)
  if (ticketId === null) return doc
  const ticket = await req.payload.findByID({
    collection: 'tickets',
    id: ticketId,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const ticketAuthor = relationId(ticket.author)
  await req.payload.update({
    collection: 'tickets',
    id: ticketId,
    data: doc.fromSupport
      ? {
          status: 'answered',
          unreadByAuthor: true,
          waitingSince: null,
          lastMessageAt: doc.createdAt,
        }
      : {
          status: 'open',
          waitingSince:
            ticket.status === 'open' && ticket.waitingSince ? ticket.waitingSince : doc.createdAt,
          lastMessageAt: doc.createdAt,
        },
    depth: 0,
    overrideAccess: true,
    req,
  })
  await shareAttachments({ req, attachments: doc.attachments, readers: [ticketAuthor] })
  if (doc.fromSupport && ticketAuthor !== null) {
    await notify({
      req,
      kind: 'ticket-answered',
      event: doc.id,
      recipients: [ticketAuthor],
      actor: relationId(doc.author),
      about: { ticket: ticket.id, text: doc.body },
    })
  }
  return doc
}
