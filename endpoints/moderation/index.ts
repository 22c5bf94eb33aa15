import type { PayloadRequest } from 'payload'

import * as calls from '@/api/moderation'
import {
  findHeldReviews,
  findModeratedResource,
  findModeratedResources,
  findReportedReviews,
  waitingCounts,
} from '@/data/views/moderation'
import { reviewView } from '@/data/views/reviews'
import { inTransaction } from '@/server/db'
import { requestLocale } from '@/server/serverMessages'
import { relationId } from '@access/resources'
import type { User } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'

/** GET /moderation-counts → {counts} (admins): what waits in each moderators' queue. */
export const moderationCounts = defineEndpoint(calls.moderationCounts, {
  handler: async ({ req, reply }) =>
    reply({ counts: await waitingCounts({ payload: req.payload, req }) }),
})

/**
 * POST /get-review-reports {page?, tab?} → {reviews, page, total_pages, total} (admins): the
 * reported reviews, each with its reports grouped.
 */
export const getReviewReports = defineEndpoint(calls.getReviewReports, {
  handler: async ({ req, body, reply }) =>
    reply(
      await findReportedReviews({
        payload: req.payload,
        req,
        locale: requestLocale(req.headers),
        tab: body.tab,
        page: body.page,
      }),
    ),
})

/** The open reports on a review, decided as `status`, with the caller's access. */
const decideReports = (
  req: PayloadRequest,
  user: User,
  reviewId: number,
  status: 'actioned' | 'dismissed',
) =>
  req.payload.update({
    collection: 'review-reports',
    where: { and: [{ review: { equals: reviewId } }, { status: { equals: 'open' } }] },
    data: { status },
    depth: 0,
    overrideAccess: false,
    user,
    req,
  })

/**
 * POST /moderate-review {review_id, action, reason?, hide?} → {item} (admins). Each write goes
 * through its collection with the caller's access, so the rules of every door hold here too:
 * hiding needs a reason and actions the open reports (the reviews' hooks), and a block is the
 * users screen's own (the users' hooks refuse an admin, end the sessions and log it).
 */
export const moderateReview = defineEndpoint(calls.moderateReview, {
  fieldNames: { hiddenReason: 'reason', blockReason: 'reason' },
  handler: async ({ req, user, body, reply }) => {
    const review = await req.payload.findByID({
      collection: 'reviews',
      id: body.review_id,
      depth: 0,
      disableErrors: true,
      overrideAccess: false,
      user,
      req,
    })
    if (!review) return fail({ req, status: 404, code: 'review-not-found' })
    if (body.action !== 'dismiss' && !body.reason) {
      return invalid({ req, errors: { reason: ['required'] } })
    }
    const hide = body.action === 'hide' || (body.action === 'block' && body.hide === true)
    await inTransaction(req, async () => {
      if (body.action === 'dismiss') {
        await decideReports(req, user, review.id, 'dismissed')
        return
      }
      if (hide && review.status !== 'hidden') {
        await req.payload.update({
          collection: 'reviews',
          id: review.id,
          data: { status: 'hidden', hiddenReason: body.reason },
          depth: 0,
          overrideAccess: false,
          user,
          req,
        })
      }
      if (body.action === 'block') {
        const author = relationId(review.author)
        if (author === null) return
        await req.payload.update({
          collection: 'users',
          id: author,
          data: { blocked: true, blockReason: body.reason },
          depth: 0,
          overrideAccess: false,
          user,
          req,
        })
      }
      await decideReports(req, user, review.id, 'actioned')
    })
    const decided = await findReportedReviews({
      payload: req.payload,
      req,
      locale: requestLocale(req.headers),
      tab: 'handled',
      page: 1,
      reviewId: review.id,
    })
    return reply({ item: decided.reviews[0] ?? null })
  },
})

/**
 * POST /get-moderation-resources {page?, tab?} → {resources, page, total_pages, total} (admins):
 * the resources waiting for approval, or the rejected ones.
 */
export const getModerationResources = defineEndpoint(calls.getModerationResources, {
  handler: async ({ req, body, reply }) =>
    reply(
      await findModeratedResources({
        payload: req.payload,
        req,
        locale: requestLocale(req.headers),
        tab: body.tab,
        page: body.page,
      }),
    ),
})

/**
 * POST /decide-resource {id, decision, reason?} → {resource} (admins): approve publishes the
 * resource; reject takes it off the directory with a reason. The resources' hooks hold the rule
 * on every door (no rejection without a reason) and mail the owner in their language.
 */
export const decideResource = defineEndpoint(calls.decideResource, {
  fieldNames: { rejectionReason: 'reason', status: 'decision' },
  handler: async ({ req, user, body, reply }) => {
    const resource = await req.payload.findByID({
      collection: 'resources',
      id: body.id,
      depth: 0,
      disableErrors: true,
      overrideAccess: false,
      user,
      req,
    })
    if (!resource) return fail({ req, status: 404, code: 'resource-not-found' })
    if (body.decision === 'reject' && !body.reason) {
      return invalid({ req, errors: { reason: ['required'] } })
    }
    const status = body.decision === 'approve' ? 'published' : 'rejected'
    await inTransaction(req, () =>
      req.payload.update({
        collection: 'resources',
        id: resource.id,
        data: { status, ...(status === 'rejected' ? { rejectionReason: body.reason } : {}) },
        depth: 0,
        overrideAccess: false,
        user,
        req,
      }),
    )
    const view = await findModeratedResource({
      payload: req.payload,
      req,
      locale: requestLocale(req.headers),
      id: resource.id,
    })
    return reply({ resource: view })
  },
})

/** POST /get-held-reviews {page?} → {reviews, page, total_pages, total} (admins): the held reviews. */
export const getHeldReviews = defineEndpoint(calls.getHeldReviews, {
  handler: async ({ req, body, reply }) =>
    reply(
      await findHeldReviews({
        payload: req.payload,
        req,
        locale: requestLocale(req.headers),
        page: body.page,
      }),
    ),
})

/**
 * POST /decide-held-review {id, decision, reason?} → {review} (admins): publishes a held review
 * (the resource's rating and figures count it from then on) or hides it with a reason its author
 * reads; through the collection with the caller's access, as on every door.
 */
export const decideHeldReview = defineEndpoint(calls.decideHeldReview, {
  fieldNames: { hiddenReason: 'reason', status: 'decision' },
  handler: async ({ req, user, body, reply }) => {
    const review = await req.payload.findByID({
      collection: 'reviews',
      id: body.id,
      depth: 0,
      disableErrors: true,
      overrideAccess: false,
      user,
      req,
    })
    if (!review || review.status !== 'pending') {
      return fail({ req, status: 404, code: 'review-not-found' })
    }
    if (body.decision === 'hide' && !body.reason) {
      return invalid({ req, errors: { reason: ['required'] } })
    }
    const decided = await inTransaction(req, () =>
      req.payload.update({
        collection: 'reviews',
        id: review.id,
        data:
          body.decision === 'publish'
            ? { status: 'published' }
            : { status: 'hidden', hiddenReason: body.reason },
        depth: 1,
        locale: requestLocale(req.headers),
        overrideAccess: false,
        user,
        req,
      }),
    )
    return reply({ review: reviewView(decided) })
  },
})

export const moderationEndpoints = [
  moderationCounts,
  getReviewReports,
  moderateReview,
  getModerationResources,
  decideResource,
  getHeldReviews,
  decideHeldReview,
]
