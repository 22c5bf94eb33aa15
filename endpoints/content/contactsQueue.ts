import type { PayloadRequest } from 'payload'

import * as calls from '@/api/contactsQueue'
import { contactMessageViews } from '@/data/views/contacts'
import { SUPPORT_PAGE_SIZE } from '@/lib/support'
import { inTransaction } from '@/server/db'
import type { ContactMessage, User } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'
import { undoOffer } from '../moderation/bulk'
import { ItemRefusal, decideItem } from '../moderation/decisions'

/** What a message's view shows of its files. */
const POPULATE = {
  attachments: { filename: true, mimeType: true, filesize: true, url: true },
} as const

/** The caller's access decides what they read: the collection's, on every door. */
const asCaller = (req: PayloadRequest, user: User) =>
  ({ overrideAccess: false, user, req }) as const

const countOf = async (req: PayloadRequest, user: User, handled: boolean) =>
  (
    await req.payload.count({
      collection: 'contact-messages',
      where: { handled: { equals: handled } },
      ...asCaller(req, user),
    })
  ).totalDocs

const oneMessage = async (req: PayloadRequest, user: User, id: number) => {
  const message = await req.payload.findByID({
    collection: 'contact-messages',
    id,
    depth: 1,
    populate: POPULATE,
    disableErrors: true,
    ...asCaller(req, user),
  })
  if (!message) return null
  const [view] = await contactMessageViews({ payload: req.payload, req, messages: [message] })
  return view
}

const notFound = (req: PayloadRequest) =>
  fail({ req, status: 404, code: 'contact-message-not-found' })

/**
 * POST /get-contact-messages {page?, handled?} → {messages, page, total_pages, total, counts}
 * (admins): the unprocessed messages, those waiting longest first, or the processed ones, the
 * latest handled first; without `handled`, every message, the newest first.
 */
export const getContactMessages = defineEndpoint(calls.getContactMessages, {
  handler: async ({ req, user, body, reply }) => {
    const { handled } = body
    const found = await req.payload.find({
      collection: 'contact-messages',
      where: handled === undefined ? {} : { handled: { equals: handled } },
      sort: handled === false ? 'createdAt' : handled ? ['-handledAt', '-createdAt'] : '-createdAt',
      page: body.page,
      limit: SUPPORT_PAGE_SIZE,
      depth: 1,
      populate: POPULATE,
      ...asCaller(req, user),
    })
    const [unprocessed, processed] = await Promise.all([
      countOf(req, user, false),
      countOf(req, user, true),
    ])
    return reply({
      messages: await contactMessageViews({ payload: req.payload, req, messages: found.docs }),
      page: body.page,
      total_pages: found.totalPages,
      total: found.totalDocs,
      counts: { unprocessed, processed },
    })
  },
})

/**
 * POST /mark-contact-message {id, handled} → {message, undo} (admins), as the moderators' bulk
 * call decides each message; a change can be undone for a short time.
 */
export const markContactMessage = defineEndpoint(calls.markContactMessage, {
  handler: async ({ req, user, body, reply }) => {
    const at = new Date()
    const action = body.handled ? 'process' : 'unprocess'
    const decided = await inTransaction(req, () =>
      decideItem({ req, user, queue: 'contacts', action, id: body.id }),
    ).catch((error: unknown) => {
      if (error instanceof ItemRefusal) return null
      throw error
    })
    if (!decided) return notFound(req)
    const undo = decided.step ? undoOffer({ user, at, steps: [decided.step], notified: 0 }) : null
    return reply({ message: (await oneMessage(req, user, body.id))!, undo })
  },
})

/**
 * POST /reply-contact-message {id, reply} → {message} (admins). The collection's hooks record the
 * reply, mark the message processed and queue the mail to the sender, in one transaction.
 */
export const replyContactMessage = defineEndpoint(calls.replyContactMessage, {
  handler: async ({ req, user, body, reply }) => {
    const message = (await req.payload.findByID({
      collection: 'contact-messages',
      id: body.id,
      depth: 0,
      disableErrors: true,
      ...asCaller(req, user),
    })) as ContactMessage | null
    if (!message) return notFound(req)
    if (message.reply) {
      return fail({ req, status: 422, code: 'contact-already-replied', field: 'reply' })
    }
    await inTransaction(req, () =>
      req.payload.update({
        collection: 'contact-messages',
        id: message.id,
        data: { reply: body.reply },
        depth: 0,
        ...asCaller(req, user),
      }),
    )
    return reply({ message: (await oneMessage(req, user, message.id))! })
  },
})

export const contactQueueEndpoints = [getContactMessages, markContactMessage, replyContactMessage]
