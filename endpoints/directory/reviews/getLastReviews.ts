import { z } from 'zod'

import { pageFields } from '@/api/fields'
import { findLatestReviews } from '@/data/views/reviews'

import { defineEndpoint } from '../../lib/defineEndpoint'
import { ok } from '../../lib/http'

/** POST /get-last-reviews {limit?} → the newest published reviews of published resources. */
export const getLastReviews = defineEndpoint({
  path: '/get-last-reviews',
  method: 'post',
  auth: 'anyone',
  summary: 'The newest published reviews',
  answer: '{reviews}',
  body: z.object({ limit: pageFields.limit }),
  handler: async ({ req, body }) =>
    ok({ reviews: await findLatestReviews({ payload: req.payload, req, limit: body.limit }) }),
})
