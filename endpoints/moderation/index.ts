import * as calls from '@/api/moderation'
import {
  findHeldReviews,
  findModeratedResource,
  findModeratedResources,
  waitingCounts,
} from '@/data/views/moderation'
import { findReportedReviews } from '@/data/views/reportedReviews'
import { reviewView } from '@/data/views/reviews'
import { inTransaction } from '@/server/db'
import { messageLocale } from '@/server/serverMessages'
import { relationId } from '@access/resources'
import type { User } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'

import { bulkModerationEndpoints, undoOffer } from './bulk'
import { type Decided, decideItem } from './decisions'

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
        locale: messageLocale(req),
        tab: body.tab,
        page: body.page,
      }),
    ),
})

/**
 * POST /moderate-review {review_id, action, reason?, hide?} → {item, undo} (admins). Each write
 * goes through its collection with the caller's access, so the rules of every door hold here too:
 * hiding needs a reason and actions the open reports (the reviews' hooks), and a block is the
 * users screen's own (the users' hooks refuse an admin, end the sessions and log it). A hide or a
 * dismissal can be undone for a short time; a block is lifted on the users screen (the sessions it
 * ended stay ended).
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
    const at = new Date()
    const { action } = body
    const decided = await inTransaction(req, async () => {
      if (action !== 'block') {
        const reason = body.reason
        return decideItem({ req, user, queue: 'reports', action, id: review.id, reason })
      }
      if (body.hide === true && review.status !== 'hidden') {
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
      const author = relationId(review.author)
      if (author !== null) {
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
      await req.payload.update({
        collection: 'review-reports',
        where: { and: [{ review: { equals: review.id } }, { status: { equals: 'open' } }] },
        data: { status: 'actioned' },
        depth: 0,
        overrideAccess: false,
        user,
        req,
      })
      return null
    })
    const shown = await findReportedReviews({
      payload: req.payload,
      req,
      locale: messageLocale(req),
      tab: 'handled',
      page: 1,
      reviewId: review.id,
    })
    return reply({ item: shown.reviews[0] ?? null, undo: singleUndo(user, at, decided) })
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
        locale: messageLocale(req),
        tab: body.tab,
        page: body.page,
      }),
    ),
})

/**
 * POST /decide-resource {id, decision, reason?} → {resource, undo} (admins): approve publishes the
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
    const at = new Date()
    const action = body.decision
    const decided = await inTransaction(req, () =>
      decideItem({ req, user, queue: 'resources', action, id: resource.id, reason: body.reason }),
    )
    const view = await findModeratedResource({
      payload: req.payload,
      req,
      locale: messageLocale(req),
      id: resource.id,
    })
    return reply({ resource: view, undo: singleUndo(user, at, decided) })
  },
})

/** POST /get-held-reviews {page?} → {reviews, page, total_pages, total} (admins): the held reviews. */
export const getHeldReviews = defineEndpoint(calls.getHeldReviews, {
  handler: async ({ req, body, reply }) =>
    reply(
      await findHeldReviews({
        payload: req.payload,
        req,
        locale: messageLocale(req),
        page: body.page,
      }),
    ),
})

/**
 * POST /decide-held-review {id, decision, reason?} → {review, undo} (admins): publishes a held review
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
    const at = new Date()
    const action = body.decision
    const decided = await inTransaction(req, () =>
      decideItem({ req, user, queue: 'held', action, id: review.id, reason: body.reason }),
    )
    const shown = await req.payload.findByID({
      collection: 'reviews',
      id: review.id,
      depth: 1,
      locale: messageLocale(req),
      overrideAccess: false,
      user,
      req,
    })
    return reply({ review: reviewView(shown), undo: singleUndo(user, at, decided) })
  },
})

/** A single decision's undo: the bulk's, of one item. */
const singleUndo = (user: User, at: Date, decided: Decided | null) =>
  decided?.step
    ? undoOffer({ user, at, steps: [decided.step], notified: decided.notified ? 1 : 0 })
    : null

export const moderationEndpoints = [
  ...bulkModerationEndpoints,
  moderationCounts,
  getReviewReports,
  moderateReview,
  getModerationResources,
  decideResource,
  getHeldReviews,
  decideHeldReview,
]
