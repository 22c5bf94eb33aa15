import { z } from 'zod'

import { pageFields } from '@/api/fields'
import { findReviewsByAuthor } from '@/data/views/reviews'

import { defineEndpoint } from '../../lib/defineEndpoint'
import { ok } from '../../lib/http'

/** POST /get-my-reviews {page?, limit?} → the caller's own reviews, newest first. */
export const getMyReviews = defineEndpoint({
  path: '/get-my-reviews',
  method: 'post',
  auth: 'signedIn',
  summary: "The caller's reviews, newest first",
  answer: '{reviews, total, page, pages}',
  body: z.object(pageFields),
  handler: async ({ req, user, body }) =>
    ok(await findReviewsByAuthor({ payload: req.payload, req, user, ...body })),
})
