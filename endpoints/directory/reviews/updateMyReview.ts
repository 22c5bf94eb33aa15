import * as calls from '@/api/reviews'
import { reviewView } from '@/data/views/reviews'

import { defineEndpoint } from '../../lib/defineEndpoint'
import { fail } from '../../lib/http'

import { findOwnReview } from './ownReview'

/** POST /update-my-reviews {review_id, grade?, title?, comment?, criteria?} → {review}. */
export const updateMyReviews = defineEndpoint(calls.updateMyReviews, {
  handler: async ({ req, user, body, reply }) => {
    if (!(await findOwnReview({ req, user, reviewId: body.review_id }))) {
      return fail({ req, status: 404, code: 'review-not-found' })
    }
    const review = await req.payload.update({
      collection: 'reviews',
      id: body.review_id,
      data: {
        ...(body.grade !== undefined ? { grade: body.grade } : {}),
        ...(body.title !== undefined ? { title: body.title || null } : {}),
        ...(body.comment !== undefined ? { comment: body.comment } : {}),
        ...(body.criteria !== undefined ? { criteria: body.criteria } : {}),
      },
      user,
      overrideAccess: false,
      depth: 1,
      req,
    })
    return reply({ review: reviewView(review) })
  },
})
