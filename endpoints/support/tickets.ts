import type { PayloadRequest, Where } from 'payload'

import * as calls from '@/api/tickets'
import { ticketSummaries, ticketView } from '@/data/views/support'
import { DEFAULT_LOCALE } from '@/i18n/routing'
import { canAnswerTickets } from '@/lib/roles'
import { SUPPORT_PAGE_SIZE, ticketPath } from '@/lib/support'
import { inTransaction } from '@/server/db'
import { contactEmail } from '@/server/email'
import { serverUrl, siteName } from '@/server/env'
import { queueEmail } from '@/server/mailQueue'
import { consumeAttempt } from '@/server/rateLimit'
import { serverMessage } from '@/server/serverMessages'
import type { Ticket, User } from '@payload-types'

import { checkAttachments, storeAttachments } from '../lib/attachments'
import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'

/** A ticket the caller may read (their own; any for staff), else null: a stranger's is not found. */
const readableTicket = (req: PayloadRequest, user: User, id: number) =>
  req.payload.findByID({
    collection: 'tickets',
    id,
    depth: 0,
    overrideAccess: false,
    user,
    disableErrors: true,
    req,
  }) as Promise<Ticket | null>

const notFound = (req: PayloadRequest) => fail({ req, status: 404, code: 'ticket-not-found' })

/** Members may write so many ticket messages an hour; support is not limited. */
const withinLimit = (req: PayloadRequest, user: User) =>
  canAnswerTickets(user) ||
  consumeAttempt({ req, limit: 'ticketMessagePerUser', key: `user:${user.id}` })

/** The ticket as the caller now sees it, thread included. */
const currentTicket = async (req: PayloadRequest, user: User, id: number) => {
  const ticket = await req.payload.findByID({ collection: 'tickets', id, depth: 0, req })
  return { ticket: await ticketView({ payload: req.payload, req, ticket, viewer: user }) }
}

/**
 * Support is told of a new ticket at the site's support address, with a link to answer it: the
 * mail is queued in the ticket's transaction.
 */
const tellSupport = async (req: PayloadRequest, ticket: Ticket, user: User) => {
  const say = (key: string, values: Record<string, string | number>) =>
    serverMessage({
      locale: DEFAULT_LOCALE,
      key: `emails.${key}`,
      values: { site: siteName, ...values },
    })
  await queueEmail({
    req,
    message: {
      to: contactEmail(),
      subject: say('new-ticket-subject', { id: ticket.id, subject: ticket.subject }),
      text: [
        say('new-ticket-body', { name: user.displayName }),
        '',
        `${serverUrl()}${ticketPath(ticket.id)}`,
      ].join('\n'),
    },
  })
}

/**
 * POST /add-requests (form data: subject, message, up to LIMITS.attachmentsMax `attachments`) →
 * {ticket}. Opens a ticket with its first message and files in one transaction, which also queues
 * support's mail.
 */
export const addRequests = defineEndpoint(calls.addRequests, {
  handler: async ({ req, user, body, files, reply }) => {
    const checked = await checkAttachments({ req, files })
    if (checked.failure) return checked.failure
    if (!(await withinLimit(req, user)))
      return fail({ req, status: 429, code: 'too-many-attempts' })
    const ticket = await inTransaction(req, async () => {
      const attachments = await storeAttachments({ req, uploads: checked.uploads })
      const created = await req.payload.create({
        collection: 'tickets',
        data: { subject: body.subject, author: user.id, status: 'open' },
        depth: 0,
        overrideAccess: true,
        req,
      })
      await req.payload.create({
        collection: 'ticket-messages',
        data: { ticket: created.id, body: body.message, attachments },
        depth: 0,
        overrideAccess: true,
        req,
      })
      await tellSupport(req, created, user)
      return created
    })
    return reply(await currentTicket(req, user, ticket.id))
  },
})

/**
 * POST /get-tickets {page?, status?, queue?} → {tickets, page, total_pages, total}. The caller's
 * own tickets, newest first; `queue` (staff only): everyone's, those waiting longest first.
 */
export const getTickets = defineEndpoint(calls.getTickets, {
  handler: async ({ req, user, body, reply }) => {
    if (body.queue && !canAnswerTickets(user)) return fail({ req, status: 403, code: 'forbidden' })
    const where: Where[] = body.queue ? [] : [{ author: { equals: user.id } }]
    if (body.status) where.push({ status: { equals: body.status } })
    const sort = !body.queue
      ? '-createdAt'
      : body.status === 'open'
        ? 'waitingSince'
        : body.status
          ? '-lastMessageAt'
          : ['status', 'waitingSince', '-lastMessageAt']
    const found = await req.payload.find({
      collection: 'tickets',
      where: { and: where },
      sort,
      page: body.page,
      limit: SUPPORT_PAGE_SIZE,
      depth: 0,
      overrideAccess: false,
      user,
      req,
    })
    return reply({
      tickets: await ticketSummaries({ payload: req.payload, req, tickets: found.docs }),
      page: body.page,
      total_pages: found.totalPages,
      total: found.totalDocs,
    })
  },
})

/**
 * POST /get-ticket-by-id {id} → {ticket} with its thread. Another's ticket is not found. Its
 * author's reading marks support's answer read.
 */
export const getTicketById = defineEndpoint(calls.getTicketById, {
  handler: async ({ req, user, body, reply }) => {
    const ticket = await readableTicket(req, user, body.id)
    if (!ticket) return notFound(req)
    if (ticket.unreadByAuthor && Number(ticket.author) === user.id) {
      await req.payload.update({
        collection: 'tickets',
        id: ticket.id,
        data: { unreadByAuthor: false },
        depth: 0,
        overrideAccess: true,
        req,
      })
    }
    return reply(await currentTicket(req, user, ticket.id))
  },
})

/** POST /reply-ticket (form data: id, message, `attachments`) → {ticket}: the author or support writes. */
export const replyTicket = defineEndpoint(calls.replyTicket, {
  handler: async ({ req, user, body, files, reply }) => {
    const ticket = await readableTicket(req, user, body.id)
    if (!ticket) return notFound(req)
    if (ticket.status === 'closed') {
      return fail({ req, status: 422, code: 'ticket-closed', field: 'message' })
    }
    const checked = await checkAttachments({ req, files })
    if (checked.failure) return checked.failure
    if (!(await withinLimit(req, user)))
      return fail({ req, status: 429, code: 'too-many-attempts' })
    await inTransaction(req, async () => {
      const attachments = await storeAttachments({ req, uploads: checked.uploads })
      await req.payload.create({
        collection: 'ticket-messages',
        data: { ticket: ticket.id, body: body.message, attachments },
        depth: 0,
        overrideAccess: true,
        req,
      })
    })
    return reply(await currentTicket(req, user, ticket.id))
  },
})

/** POST /close-ticket {id} → {ticket}: its author or support closes it; closing twice is no error. */
export const closeTicket = defineEndpoint(calls.closeTicket, {
  handler: async ({ req, user, body, reply }) => {
    const ticket = await readableTicket(req, user, body.id)
    if (!ticket) return notFound(req)
    if (ticket.status !== 'closed') {
      await req.payload.update({
        collection: 'tickets',
        id: ticket.id,
        data: { status: 'closed' },
        depth: 0,
        overrideAccess: true,
        req,
      })
    }
    return reply(await currentTicket(req, user, ticket.id))
  },
})

export const ticketEndpoints = [addRequests, getTickets, getTicketById, replyTicket, closeTicket]
