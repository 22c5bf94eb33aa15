import { z } from 'zod'

import { pageFields, recordId } from '@/api/fields'
import { findReviewsOnManaged } from '@/data/views/reviews'

import { defineEndpoint } from '../../lib/defineEndpoint'
import { fail, ok } from '../../lib/http'

/**
 * POST /views-my-reviews {resource_id?, page?, limit?}: the reviews on the resources the caller
 * manages (an owner's own; an operator's employer's of their type; all for admins).
 */
export const viewsMyReviews = defineEndpoint({
  path: '/views-my-reviews',
  method: 'post',
  auth: 'signedIn',
  summary: 'Reviews on the resources the caller manages',
  answer: '{reviews, total, page, pages}',
  body: z.object({ ...pageFields, resource_id: recordId.optional() }),
  handler: async ({ req, user, body }) => {
    const { resource_id: resourceId, ...page } = body
    const reviews = await findReviewsOnManaged({
      payload: req.payload,
      req,
      user,
      resourceId,
      ...page,
    })
    return reviews ? ok(reviews) : fail({ req, status: 403, code: 'forbidden' })
  },
})
