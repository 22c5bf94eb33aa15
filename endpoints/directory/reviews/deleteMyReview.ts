import { z } from 'zod'

import { recordId } from '@/api/fields'

import { defineEndpoint } from '../../lib/defineEndpoint'
import { fail, ok } from '../../lib/http'

import { findOwnReview } from './fields'

/** POST /delete-my-reviews {review_id}. */
export const deleteMyReviews = defineEndpoint({
  path: '/delete-my-reviews',
  method: 'post',
  auth: 'signedIn',
  summary: "Delete the caller's own review",
  body: z.object({ review_id: recordId }),
  handler: async ({ req, user, body }) => {
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
    return ok()
  },
})
