import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import { relationId } from '@/lib/relations'
import { canAnswerTickets } from '@/lib/roles'
import type { TicketStatus, VerificationStatus } from '@/lib/support'
import type {
  Attachment,
  Resource,
  Ticket,
  TicketMessage,
  User,
  VerificationRequest,
} from '@payload-types'

import { populated } from './media'
import { resourcePath } from './resources'

/** Who wrote or decided something, as the API shows them: the public name only. */
export type PersonView = { id: number; display_name: string }

/** A private file as the API shows it; `url` serves it only to whom the attachments' read allows. */
export type AttachmentView = {
  id: number
  /** The name it was uploaded with (the stored file's own name for files kept before it was). */
  filename: string
  mime_type: string
  filesize: number
  url: string
}

/** A ticket in a list. `unread`: support answered and the author has not opened it since. */
export type TicketSummary = {
  id: number
  subject: string
  status: TicketStatus
  unread: boolean
  created_at: string
  updated_at: string
  last_message_at: string
  /** Since when the author waits for support (an open ticket), else null. */
  waiting_since: string | null
  author: PersonView | null
}

export type TicketMessageView = {
  id: number
  body: string
  created_at: string
  from_support: boolean
  /** The viewer wrote it. */
  own: boolean
  author: PersonView | null
  attachments: AttachmentView[]
}

/** A ticket with its whole thread, oldest message first, and what the viewer may do with it. */
export type TicketView = TicketSummary & {
  messages: TicketMessageView[]
  can_reply: boolean
  can_close: boolean
}

export type TicketPage = {
  tickets: TicketSummary[]
  page: number
  total_pages: number
  total: number
}

export type VerificationResourceView = {
  id: number
  title: string
  type: Resource['type']
  path: string
  verified: boolean
}

export type VerificationHistoryView = {
  status: VerificationStatus
  at: string
  by: PersonView | null
  answer: string | null
}

/** A verification request as its owner and the moderators see it, its decisions oldest first. */
export type VerificationRequestView = {
  id: number
  status: VerificationStatus
  message: string
  answer: string | null
  created_at: string
  updated_at: string
  decided_at: string | null
  decided_by: PersonView | null
  requester: PersonView | null
  resource: VerificationResourceView | null
  attachments: AttachmentView[]
  history: VerificationHistoryView[]
}

export type VerificationRequestPage = {
  requests: VerificationRequestView[]
  page: number
  total_pages: number
  total: number
}

/** A resource the viewer may ask to verify, and whether it can be asked now. */
export type VerifiableResource = {
  id: number
  title: string
  type: Resource['type']
  verified: boolean
  /** A request for it is waiting (sent or under review): another cannot be sent. */
  open_request: boolean
}

export type Reader = { payload: Payload; req: PayloadRequest }

/** The public names of the given users, read past the users' access (which keeps the rest private). */
export const loadPeople = async ({
  payload,
  req,
  ids,
}: Reader & { ids: (number | null)[] }): Promise<Map<number, PersonView>> => {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
  if (!wanted.length) return new Map()
  const { docs } = await payload.find({
    collection: 'users',
    where: { id: { in: wanted } },
    select: { displayName: true },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return new Map(docs.map((user) => [user.id, { id: user.id, display_name: user.displayName }]))
}

export const personOf = (people: Map<number, PersonView>, ref: unknown) => {
  const id = relationId(ref)
  return id === null ? null : (people.get(id) ?? null)
}

export const attachmentView = (file: Attachment): AttachmentView => ({
  id: file.id,
  filename: file.originalName || file.filename || '',
  mime_type: file.mimeType ?? '',
  filesize: Number(file.filesize ?? 0),
  url: file.url ?? '',
})

/** The populated attachments of a message or request (ids alone, unreadable files, are left out). */
export const attachmentsOf = (value: unknown): AttachmentView[] =>
  (Array.isArray(value) ? value : [])
    .map((file) => populated<Attachment>(file))
    .filter((file): file is Attachment => Boolean(file?.filename))
    .map(attachmentView)

const summaryOf = (ticket: Ticket, people: Map<number, PersonView>): TicketSummary => ({
  id: ticket.id,
  subject: ticket.subject,
  status: ticket.status,
  unread: Boolean(ticket.unreadByAuthor),
  created_at: ticket.createdAt,
  updated_at: ticket.updatedAt,
  last_message_at: ticket.lastMessageAt ?? ticket.createdAt,
  waiting_since: ticket.status === 'open' ? (ticket.waitingSince ?? null) : null,
  author: personOf(people, ticket.author),
})

/** Tickets as a list shows them. */
export const ticketSummaries = async ({
  payload,
  req,
  tickets,
}: Reader & { tickets: Ticket[] }): Promise<TicketSummary[]> => {
  const people = await loadPeople({ payload, req, ids: tickets.map((t) => relationId(t.author)) })
  return tickets.map((ticket) => summaryOf(ticket, people))
}

/**
 * A ticket with its thread as `viewer` may see it: its messages and their files are read with
 * the viewer's access, so a file reaches nobody the attachments' own rule refuses.
 */
export const ticketView = async ({
  payload,
  req,
  ticket,
  viewer,
}: Reader & { ticket: Ticket; viewer: User }): Promise<TicketView> => {
  const { docs: messages } = await payload.find({
    collection: 'ticket-messages',
    where: { ticket: { equals: ticket.id } },
    sort: 'createdAt',
    depth: 1,
    populate: {
      attachments: {
        filename: true,
        originalName: true,
        mimeType: true,
        filesize: true,
        url: true,
      },
    },
    pagination: false,
    overrideAccess: false,
    user: viewer,
    req,
  })
  const people = await loadPeople({
    payload,
    req,
    ids: [relationId(ticket.author), ...messages.map((message) => relationId(message.author))],
  })
  const isStaff = canAnswerTickets(viewer)
  const isAuthor = relationId(ticket.author) === viewer.id
  const open = ticket.status !== 'closed'
  return {
    ...summaryOf(ticket, people),
    messages: messages.map((message: TicketMessage): TicketMessageView => ({
      id: message.id,
      body: message.body,
      created_at: message.createdAt,
      from_support: Boolean(message.fromSupport),
      own: relationId(message.author) === viewer.id,
      author: personOf(people, message.author),
      attachments: attachmentsOf(message.attachments),
    })),
    can_reply: open && (isStaff || isAuthor),
    can_close: open && (isStaff || isAuthor),
  }
}

/** Verification requests as their owners and the moderators see them, in the given locale. */
export const verificationRequestViews = async ({
  payload,
  req,
  requests,
}: Reader & { requests: VerificationRequest[] }): Promise<VerificationRequestView[]> => {
  const people = await loadPeople({
    payload,
    req,
    ids: requests.flatMap((request) => [
      relationId(request.requester),
      relationId(request.decidedBy),
      ...(request.history ?? []).map((entry) => relationId(entry.by)),
    ]),
  })
  return requests.map((request) => {
    const resource = populated<Resource>(request.resource)
    return {
      id: request.id,
      status: request.status,
      message: request.message,
      answer: request.answer ?? null,
      created_at: request.createdAt,
      updated_at: request.updatedAt,
      decided_at: request.decidedAt ?? null,
      decided_by: personOf(people, request.decidedBy),
      requester: personOf(people, request.requester),
      resource: resource
        ? {
            id: resource.id,
            title: resource.title,
            type: resource.type,
            path: resourcePath(resource),
            verified: Boolean(resource.verified),
          }
        : null,
      attachments: attachmentsOf(request.attachments),
      history: (request.history ?? []).map((entry) => ({
        status: entry.status,
        at: entry.at,
        by: personOf(people, entry.by),
        answer: entry.answer ?? null,
      })),
    }
  })
}
