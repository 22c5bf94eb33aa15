import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { recomputeRating } from '@/server/sql/statements'
import type { Review } from '@payload-types'

const resourceIdOf = (review: Pick<Review, 'resource'>) =>
  typeof review.resource === 'object' ? review.resource.id : review.resource

export const recomputeRatingAfterChange: CollectionAfterChangeHook<Review> = async ({
  doc,
  previousDoc,
  req,
}) => {
  await recomputeRating(req, resourceIdOf(doc))
  if (previousDoc?.resource && resourceIdOf(previousDoc) !== resourceIdOf(doc)) {
    await recomputeRating(req, resourceIdOf(previousDoc))
  }
  return doc
}

export const recomputeRatingAfterDelete: CollectionAfterDeleteHook<Review> = async ({
  doc,
  req,
}) => {
  await recomputeRating(req, resourceIdOf(doc))
  return doc
}
