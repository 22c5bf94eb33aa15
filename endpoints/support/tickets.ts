import type { PayloadRequest, Where } from 'payload'
import { z } from 'zod'

import { pageFields, recordId, requiredText } from '@/api/fields'
import { ticketSummaries, ticketView } from '@/data/views/support'
import { DEFAULT_LOCALE } from '@/i18n/routing'
import { LIMITS } from '@/lib/limits'
import { SUPPORT_PAGE_SIZE, TICKET_STATUSES, ticketPath } from '@/lib/support'
import { inTransaction } from '@/server/db'
import { serverUrl, siteName } from '@/server/env'
import { consumeAttempt } from '@/server/rateLimit'
import { serverMessage } from '@/server/serverMessages'
import { checkRole } from '@access/roles'
import type { Ticket, User } from '@payload-types'

import { contactEmail } from '../content/contacts'
import { checkAttachments, storeAttachments } from '../lib/attachments'
import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, ok } from '../lib/http'

const isStaff = (user: User) => checkRole(['admin'], user)

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
  isStaff(user) || consumeAttempt({ req, limit: 'ticketMessagePerUser', key: `user:${user.id}` })

const answer = async (req: PayloadRequest, user: User, id: number) => {
  const ticket = await req.payload.findByID({ collection: 'tickets', id, depth: 0, req })
  return ok({ ticket: await ticketView({ payload: req.payload, req, ticket, viewer: user }) })
}

/** Support is told of a new ticket at the site's support address, with a link to answer it. */
const tellSupport = async (req: PayloadRequest, ticket: Ticket, user: User) => {
  const say = (key: string, values: Record<string, string | number>) =>
    serverMessage({
      locale: DEFAULT_LOCALE,
      key: `emails.${key}`,
      values: { site: siteName, ...values },
    })
  try {
    await req.payload.sendEmail({
      to: contactEmail(),
      subject: say('new-ticket-subject', { id: ticket.id, subject: ticket.subject }),
      text: [
        say('new-ticket-body', { name: user.displayName }),
        '',
        `${serverUrl()}${ticketPath(ticket.id)}`,
      ].join('\n'),
    })
  } catch (error) {
    req.payload.logger.error({ err: error, msg: `ticket ${ticket.id}: could not tell support` })
  }
}

const messageFields = { message: requiredText(LIMITS.messageMax) }

/**
 * POST /add-requests (form data: subject, message, up to LIMITS.attachmentsMax `attachments`) →
 * {ticket}. Opens a ticket with its first message and files in one transaction; support is told
 * by email.
 */
export const addRequests = defineEndpoint({
  path: '/add-requests',
  method: 'post',
  auth: 'signedIn',
  summary: `Open a support ticket (form data: subject, message, up to ${LIMITS.attachmentsMax} files \`attachments\`: images or PDF, 5 MB each)`,
  answer: '{ticket}',
  form: true,
  body: z.object({ subject: requiredText(LIMITS.subjectMax), ...messageFields }),
  handler: async ({ req, user, body, files }) => {
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
      return created
    })
    await tellSupport(req, ticket, user)
    return answer(req, user, ticket.id)
  },
})

/**
 * POST /get-tickets {page?, status?, queue?} → {tickets, page, total_pages, total}. The caller's
 * own tickets, newest first; `queue` (staff only): everyone's, those waiting longest first.
 */
export const getTickets = defineEndpoint({
  path: '/get-tickets',
  method: 'post',
  auth: 'signedIn',
  summary: `The caller's tickets, newest first, ${SUPPORT_PAGE_SIZE} a page; \`queue: true\` (admins): every ticket, the longest waiting first`,
  answer: '{tickets, page, total_pages, total}',
  body: z.object({
    page: pageFields.page,
    status: z.enum(TICKET_STATUSES, { message: 'value-invalid' }).optional(),
    queue: z.boolean({ message: 'value-invalid' }).optional(),
  }),
  handler: async ({ req, user, body }) => {
    if (body.queue && !isStaff(user)) return fail({ req, status: 403, code: 'forbidden' })
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
    return ok({
      tickets: await ticketSummaries({ payload: req.payload, req, tickets: found.docs }),
      page: body.page,
      total_pages: found.totalPages,
      total: found.totalDocs,
    })
  },
})

const idBody = z.object({ id: recordId })

/**
 * POST /get-ticket-by-id {id} → {ticket} with its thread. Another's ticket is not found. Its
 * author's reading marks support's answer read.
 */
export const getTicketById = defineEndpoint({
  path: '/get-ticket-by-id',
  method: 'post',
  auth: 'signedIn',
  summary: 'A ticket with its whole thread (its author or admins); marks it read for its author',
  answer: '{ticket}',
  body: idBody,
  handler: async ({ req, user, body }) => {
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
    return answer(req, user, ticket.id)
  },
})

/** POST /reply-ticket (form data: id, message, `attachments`) → {ticket}: the author or support writes. */
export const replyTicket = defineEndpoint({
  path: '/reply-ticket',
  method: 'post',
  auth: 'signedIn',
  summary: `Add a message to a ticket (form data: id, message, up to ${LIMITS.attachmentsMax} files \`attachments\`); its author or admins`,
  answer: '{ticket}',
  form: true,
  body: z.object({ id: recordId, ...messageFields }),
  handler: async ({ req, user, body, files }) => {
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
    return answer(req, user, ticket.id)
  },
})

/** POST /close-ticket {id} → {ticket}: its author or support closes it; closing twice is no error. */
export const closeTicket = defineEndpoint({
  path: '/close-ticket',
  method: 'post',
  auth: 'signedIn',
  summary: 'Close a ticket (its author or admins)',
  answer: '{ticket}',
  body: idBody,
  handler: async ({ req, user, body }) => {
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
    return answer(req, user, ticket.id)
  },
})

export const ticketEndpoints = [addRequests, getTickets, getTicketById, replyTicket, closeTicket]
