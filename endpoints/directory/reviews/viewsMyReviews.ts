import * as calls from '@/api/reviews'
import { findReviewsOnManaged } from '@/data/views/reviews'

import { defineEndpoint } from '../../lib/defineEndpoint'
import { fail } from '../../lib/http'

/**
 * POST /views-my-reviews {resource_id?, page?, limit?}: the reviews on the resources the caller
 * manages (an owner's own; an operator's employer's of their type; all for admins).
 */
export const viewsMyReviews = defineEndpoint(calls.viewsMyReviews, {
  handler: async ({ req, user, body, reply }) => {
    const { resource_id: resourceId, ...page } = body
    const reviews = await findReviewsOnManaged({
      payload: req.payload,
      req,
      user,
      resourceId,
      ...page,
    })
    return reviews ? reply(reviews) : fail({ req, status: 403, code: 'forbidden' })
  },
})
