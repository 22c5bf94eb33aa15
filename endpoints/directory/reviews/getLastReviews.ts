import * as calls from '@/api/reviews'
import { findLatestReviews } from '@/data/views/reviews'

import { defineEndpoint } from '../../lib/defineEndpoint'

/** POST /get-last-reviews {limit?} → the newest published reviews of published resources. */
export const getLastReviews = defineEndpoint(calls.getLastReviews, {
  handler: async ({ req, body, reply }) =>
    reply({ reviews: await findLatestReviews({ payload: req.payload, req, limit: body.limit }) }),
})
