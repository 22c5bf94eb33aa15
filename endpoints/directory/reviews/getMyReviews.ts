import * as calls from '@/api/reviews'
import { findReviewsByAuthor } from '@/data/views/reviews'

import { defineEndpoint } from '../../lib/defineEndpoint'

/** POST /get-my-reviews {page?, limit?} → the caller's own reviews, newest first. */
export const getMyReviews = defineEndpoint(calls.getMyReviews, {
  handler: async ({ req, user, body, reply }) =>
    reply(await findReviewsByAuthor({ payload: req.payload, req, user, ...body })),
})
