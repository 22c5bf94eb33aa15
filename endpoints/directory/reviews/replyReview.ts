import * as calls from '@/api/reviews'
import { reviewView } from '@/data/views/reviews'
import { canModerate } from '@/lib/roles'
import { managesResource, relationId } from '@access/resources'

import { defineEndpoint } from '../../lib/defineEndpoint'
import { fail } from '../../lib/http'

/**
 * POST /reply-review {review_id, reply} → {review}: the owner (or an operator of that type, or an
 * admin) answers a review once; the answer is shown under it. A moderator may rewrite it.
 */
export const replyReview = defineEndpoint(calls.replyReview, {
  handler: async ({ req, user, body, reply }) => {
    const review = await req.payload.findByID({
      collection: 'reviews',
      id: body.review_id,
      depth: 0,
      req,
      overrideAccess: true,
      disableErrors: true,
    })
    if (!review) return fail({ req, status: 404, code: 'review-not-found' })
    const resourceId = relationId(review.resource)
    if (!resourceId || !(await managesResource({ payload: req.payload, req, user, resourceId }))) {
      return fail({ req, status: 403, code: 'forbidden' })
    }
    if (review.reply?.text && !canModerate(user)) {
      return fail({ req, status: 422, code: 'reply-exists', field: 'reply' })
    }
    const updated = await req.payload.update({
      collection: 'reviews',
      id: review.id,
      data: { reply: { text: body.reply, author: user.id, repliedAt: new Date().toISOString() } },
      overrideAccess: true,
      depth: 1,
      req,
    })
    return reply({ review: reviewView(updated) })
  },
})
