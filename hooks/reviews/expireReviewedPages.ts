import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { tagsOfChange } from '@/server/cacheTags'
import { expireCacheTags } from '@/server/publicCache'
import { typesOfResources } from '@/server/sql/statements'
import { relationId } from '@access/resources'
import type { Review } from '@payload-types'

/**
 * A review's change (and the rating it recomputes, in SQL that runs no resource hooks) expires the
 * pages of the resource it is on (both, if an admin moved it), the listings of its type and the
 * home page; other resources' pages stay cached.
 */
export const expireReviewedPagesAfterChange: CollectionAfterChangeHook<Review> = async ({
  doc,
  previousDoc,
  req,
}) => {
  await expireReviewed({ req, reviews: [doc, previousDoc] })
  return doc
}

export const expireReviewedPagesAfterDelete: CollectionAfterDeleteHook<Review> = async ({
  doc,
  req,
}) => {
  await expireReviewed({ req, reviews: [doc] })
  return doc
}

const expireReviewed = async ({
  req,
  reviews,
}: {
  req: PayloadRequest
  reviews: (Partial<Review> | undefined)[]
}) => {
  const ids = [...new Set(reviews.map((review) => relationId(review?.resource)))].filter(
    (id): id is number => id !== null,
  )
  if (!ids.length) return
  // The listing to expire is the resource's type, which the review does not hold.
  const types = await typesOfResources(req, ids)
  const resources = ids.map((id) => ({ id, type: types.get(id) }))
  expireCacheTags({ req, tags: tagsOfChange({ resources }) })
}
