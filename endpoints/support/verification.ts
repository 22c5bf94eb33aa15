import type { PayloadRequest, Where } from 'payload'

import * as calls from '@/api/verification'
import { verificationRequestViews } from '@/data/views/support'
import { canDecideVerification } from '@/lib/roles'
import {
  DECISIONS_WITH_REASON,
  OPEN_VERIFICATION_STATUSES,
  SUPPORT_PAGE_SIZE,
  VERIFICATION_DECISIONS,
  VERIFICATION_WAITING,
} from '@/lib/support'
import { inTransaction } from '@/server/db'
import { consumeAttempt } from '@/server/rateLimit'
import { messageLocale } from '@/server/serverMessages'
import { managesResource } from '@access/resources'
import type { User, VerificationRequest } from '@payload-types'

import { checkAttachments, storeAttachments } from '../lib/attachments'
import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'

/** What a request's view shows of its resource and files. */
const POPULATE = {
  resources: { title: true, type: true, slug: true, verified: true },
  attachments: { filename: true, mimeType: true, filesize: true, url: true },
} as const

/** Requests found with the caller's access, in the request's language, as the API shows them. */
const findRequests = async ({
  req,
  user,
  where,
  sort,
  page,
}: {
  req: PayloadRequest
  user: User
  where: Where
  sort: string | string[]
  page: number
}) => {
  const found = await req.payload.find({
    collection: 'verification-requests',
    where,
    sort,
    page,
    limit: SUPPORT_PAGE_SIZE,
    depth: 1,
    populate: POPULATE,
    locale: messageLocale(req),
    overrideAccess: false,
    user,
    req,
  })
  return {
    requests: await verificationRequestViews({ payload: req.payload, req, requests: found.docs }),
    page,
    total_pages: found.totalPages,
    total: found.totalDocs,
  }
}

const oneRequest = async (req: PayloadRequest, user: User, id: number) =>
  (await findRequests({ req, user, where: { id: { equals: id } }, sort: 'id', page: 1 }))
    .requests[0] ?? null

/** A resource's waiting request (sent or under review), if any. */
const hasWaitingRequest = async (req: PayloadRequest, resourceId: number) =>
  (
    await req.payload.count({
      collection: 'verification-requests',
      where: {
        and: [
          { resource: { equals: resourceId } },
          { status: { in: [...OPEN_VERIFICATION_STATUSES] } },
        ],
      },
      overrideAccess: true,
    })
  ).totalDocs > 0

/**
 * POST /add-request-for-verification (form data: resource_id, message, 1 to
 * LIMITS.attachmentsMax `attachments`) → {request}. The caller must manage the resource (its
 * owner, or an operator of the owner's of their type); it must not be verified nor have a waiting
 * request (the collection checks both, a unique index holds the second against races).
 */
export const addRequestForVerification = defineEndpoint(calls.addRequestForVerification, {
  fieldNames: { resource: 'resource_id' },
  handler: async ({ req, user, body, files, reply }) => {
    const resourceId = body.resource_id
    if (!(await managesResource({ payload: req.payload, req, user, resourceId }))) {
      return invalid({ req, errors: { resource_id: ['resource-not-managed'] } })
    }
    const checked = await checkAttachments({ req, files, required: true })
    if (checked.failure) return checked.failure
    if (!(await consumeAttempt({ req, limit: 'verificationPerUser', key: `user:${user.id}` }))) {
      return fail({ req, status: 429, code: 'too-many-attempts' })
    }
    let created: VerificationRequest
    try {
      created = await inTransaction(req, async () => {
        const attachments = await storeAttachments({ req, uploads: checked.uploads })
        return req.payload.create({
          collection: 'verification-requests',
          data: { resource: resourceId, message: body.message, attachments, status: 'sent' },
          depth: 0,
          overrideAccess: true,
          req,
        })
      })
    } catch (error) {
      // Two requests racing past the collection's check: the unique index lets one through.
      if (await hasWaitingRequest(req, resourceId)) {
        return invalid({ req, errors: { resource_id: ['verification-pending'] } })
      }
      throw error
    }
    return reply({ request: await oneRequest(req, user, created.id) })
  },
})

/**
 * POST /get-my-requests {page?, status?} → {requests, page, total_pages, total}: the requests on
 * the resources the caller manages and those they sent, newest first.
 */
export const getMyRequests = defineEndpoint(calls.getMyRequests, {
  handler: async ({ req, user, body, reply }) => {
    const where: Where[] = []
    // The collection's access is every request for staff: theirs are those they sent or own.
    if (canDecideVerification(user)) {
      where.push({ or: [{ requester: { equals: user.id } }, { owner: { equals: user.id } }] })
    }
    if (body.status) where.push({ status: { equals: body.status } })
    return reply(
      await findRequests({ req, user, where: { and: where }, sort: '-createdAt', page: body.page }),
    )
  },
})

/**
 * POST /get-all-requests {page?, status?, type?} → {requests, page, total_pages, total} (admins):
 * the moderation queue (`status: 'waiting'`: sent and under review together, the site's default);
 * waiting requests oldest first, decided ones newest first.
 */
export const getAllRequests = defineEndpoint(calls.getAllRequests, {
  handler: async ({ req, user, body, reply }) => {
    const where: Where[] = []
    const { status } = body
    if (status === VERIFICATION_WAITING) {
      where.push({ status: { in: [...OPEN_VERIFICATION_STATUSES] } })
    } else if (status) where.push({ status: { equals: status } })
    if (body.type) where.push({ resourceType: { equals: body.type } })
    // Everything that needs a decision: the longest waiting first, whether taken or not.
    const sort =
      status === VERIFICATION_WAITING
        ? 'createdAt'
        : !status || (OPEN_VERIFICATION_STATUSES as readonly string[]).includes(status)
          ? ['status', 'createdAt']
          : '-updatedAt'
    return reply(await findRequests({ req, user, where: { and: where }, sort, page: body.page }))
  },
})

/**
 * POST /decide-request {id, decision, answer?} → {request} (admins): take a request into review,
 * approve it, with an optional note the owner reads (the resource is verified at once, its cached
 * pages expire), reject it or revoke an approval, these two with a reason that the owner reads. The owner is told by email.
 */
export const decideRequest = defineEndpoint(calls.decideRequest, {
  fieldNames: { status: 'decision' },
  handler: async ({ req, user, body, reply }) => {
    const request = await req.payload.findByID({
      collection: 'verification-requests',
      id: body.id,
      depth: 0,
      disableErrors: true,
      req,
    })
    if (!request) return fail({ req, status: 404, code: 'request-not-found' })
    const move = VERIFICATION_DECISIONS[body.decision]
    if (!(move.from as readonly string[]).includes(request.status)) {
      return fail({ req, status: 422, code: 'verification-move-invalid', field: 'decision' })
    }
    if (DECISIONS_WITH_REASON.includes(body.decision) && !body.answer) {
      return invalid({ req, errors: { answer: ['required'] } })
    }
    await inTransaction(req, () =>
      req.payload.update({
        collection: 'verification-requests',
        id: request.id,
        data: { status: move.to, ...(body.answer ? { answer: body.answer } : {}) },
        depth: 0,
        overrideAccess: false,
        user,
        req,
      }),
    )
    return reply({ request: await oneRequest(req, user, request.id) })
  },
})

/** POST /delete-request {id} → {deleted: true} (admins). */
export const deleteRequest = defineEndpoint(calls.deleteRequest, {
  handler: async ({ req, user, body, reply }) => {
    const deleted = await req.payload.delete({
      collection: 'verification-requests',
      where: { id: { equals: body.id } },
      depth: 0,
      overrideAccess: false,
      user,
      req,
    })
    if (!deleted.docs.length) return fail({ req, status: 404, code: 'request-not-found' })
    return reply({ deleted: true })
  },
})

export const verificationEndpoints = [
  addRequestForVerification,
  getMyRequests,
  getAllRequests,
  decideRequest,
  deleteRequest,
]
