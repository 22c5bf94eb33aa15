import * as calls from '@/api/reviews'

import { defineEndpoint } from '../../lib/defineEndpoint'

import { hasReview } from './ownReview'

/** POST /user-has-review {resource_id} → {has_review}. */
export const userHasReview = defineEndpoint(calls.userHasReview, {
  handler: async ({ req, user, body, reply }) =>
    reply({ has_review: await hasReview({ req, user, resourceId: body.resource_id }) }),
})
