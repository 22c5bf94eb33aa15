import * as calls from '@/api/reviews'
import { reviewView } from '@/data/views/reviews'
import {
  InvitationSpentError,
  OwnResourceReviewError,
  reviewInvitation,
} from '@/server/hookContract'
import { metrics } from '@/server/metrics'

import { defineEndpoint } from '../../lib/defineEndpoint'
import { fail } from '../../lib/http'

import { hasReview } from './ownReview'

/**
 * POST /add-reviews {resource_id, grade, title?, comment, criteria} → {review}; one per user and
 * resource. The review's `status` is `pending` when the review guard held it for moderation.
 * With `invitation`, the review spends that invitation in its own transaction and is marked
 * invited (reviews' claimInvitation hook); an invitation that cannot be spent answers 409.
 */
export const addReviews = defineEndpoint(calls.addReviews, {
  handler: async ({ req, user, body, reply }) => {
    const { docs } = await req.payload.find({
      collection: 'resources',
      where: { id: { equals: body.resource_id }, status: { equals: 'published' } },
      depth: 0,
      limit: 1,
      pagination: false,
      req,
    })
    const resource = docs[0]
    if (!resource) {
      return fail({ req, status: 404, code: 'resource-not-found', field: 'resource_id' })
    }
    const duplicate = () => fail({ req, status: 422, code: 'review-exists', field: 'resource_id' })
    if (await hasReview({ req, user, resourceId: resource.id })) return duplicate()
    if (body.invitation !== undefined) reviewInvitation.set(req, body.invitation)
    try {
      const review = await req.payload.create({
        collection: 'reviews',
        data: {
          resource: resource.id,
          author: user.id,
          grade: body.grade,
          title: body.title || null,
          comment: body.comment,
          criteria: body.criteria ?? {},
          status: 'published',
        },
        user,
        overrideAccess: false,
        depth: 1,
        req,
      })
      if (review.invited) metrics().invitations.inc({ event: 'reviewed' })
      return reply({ review: reviewView(review) })
    } catch (error) {
      if (error instanceof InvitationSpentError) {
        return fail({ req, status: 409, code: 'invitation-used', field: 'invitation' })
      }
      // The collection refuses a review of a resource its author owns or works for, on every door;
      // its other refusals (the day's reviews spent: 429) keep their status and message.
      if (error instanceof OwnResourceReviewError) {
        return fail({ req, status: 403, code: error.code })
      }
      // Two requests racing past the check above: the unique index lets one of them through.
      if (await hasReview({ req, user, resourceId: resource.id })) return duplicate()
      throw error
    }
  },
})
