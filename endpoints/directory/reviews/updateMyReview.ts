import { z } from 'zod'

import { recordId } from '@/api/fields'
import { reviewView } from '@/data/views/reviews'

import { defineEndpoint } from '../../lib/defineEndpoint'
import { fail, ok } from '../../lib/http'

import { comment, criteria, findOwnReview, grade, title } from './fields'

/** POST /update-my-reviews {review_id, grade?, title?, comment?, criteria?} → {review}. */
export const updateMyReviews = defineEndpoint({
  path: '/update-my-reviews',
  method: 'post',
  auth: 'signedIn',
  summary: "Change the caller's own review",
  answer: '{review}',
  body: z.object({
    review_id: recordId,
    grade: grade.optional(),
    title,
    comment: comment.optional(),
    criteria,
  }),
  handler: async ({ req, user, body }) => {
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
    return ok({ review: reviewView(review) })
  },
})
