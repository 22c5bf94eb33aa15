import { resourceIdBody } from '@/api/fields'

import { defineEndpoint } from '../../lib/defineEndpoint'
import { ok } from '../../lib/http'

import { hasReview } from './fields'

/** POST /user-has-review {resource_id} → {has_review}. */
export const userHasReview = defineEndpoint({
  path: '/user-has-review',
  method: 'post',
  auth: 'signedIn',
  summary: 'Whether the caller has reviewed the resource',
  answer: '{has_review}',
  body: resourceIdBody,
  handler: async ({ req, user, body }) =>
    ok({ has_review: await hasReview({ req, user, resourceId: body.resource_id }) }),
})
