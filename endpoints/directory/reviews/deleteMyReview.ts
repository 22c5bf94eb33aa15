import * as calls from '@/api/reviews'

import { defineEndpoint } from '../../lib/defineEndpoint'
import { fail } from '../../lib/http'

import { findOwnReview } from './ownReview'

/** POST /delete-my-reviews {review_id}. */
export const deleteMyReviews = defineEndpoint(calls.deleteMyReviews, {
  handler: async ({ req, user, body, reply }) => {
    if (!(await findOwnReview({ req, user, reviewId: body.review_id }))) {
      return fail({ req, status: 404, code: 'review-not-found' })
    }
    await req.payload.delete({
      collection: 'reviews',
      id: body.review_id,
      user,
      overrideAccess: false,
      req,
    })
    return reply({})
  },
})
