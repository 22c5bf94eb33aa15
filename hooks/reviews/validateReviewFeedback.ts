import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import { isRecordId } from '@/lib/limits'
import { canActForAnyone } from '@/lib/roles'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { relationId } from '@access/resources'
import { publicReview } from '@access/reviews'

/**
 * A helpful vote or a report, whatever door it comes through, is the caller's own (`byField` is
 * set to them unless an admin, acting for anyone, says otherwise), about a review the public sees
 * (`publicReview`: published, of a published resource) and they did not write. A missing review
 * and one nobody sees get the same answer.
 */
export const validateReviewFeedback =
  ({
    collection,
    byField,
  }: {
    collection: 'review-votes' | 'review-reports'
    byField: 'user' | 'reporter'
  }): CollectionBeforeChangeHook =>
  async ({ data, operation, originalDoc, req }) => {
    if (operation !== 'create') return data
    if (req.user && !canActForAnyone(req.user)) data[byField] = req.user.id
    const locale = messageLocale(req)
    const refuse = (key: string): never => {
      throw new ValidationError({
        collection,
        errors: [{ path: 'review', message: serverMessage({ locale, key }) }],
      })
    }
    const reviewId = relationId(data.review ?? originalDoc?.review)
    const { docs } = isRecordId(reviewId)
      ? await req.payload.find({
          collection: 'reviews',
          where: publicReview(reviewId),
          select: { author: true },
          depth: 0,
          limit: 1,
          pagination: false,
          overrideAccess: true,
          req,
        })
      : { docs: [] }
    const review = docs[0]
    if (!review) return refuse('api.review-not-found')
    if (relationId(review.author) === relationId(data[byField])) {
      return refuse(collection === 'review-votes' ? 'api.own-review-vote' : 'api.own-review-report')
    }
    return data
  }
