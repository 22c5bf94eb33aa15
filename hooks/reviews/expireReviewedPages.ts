import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { tagsOfChange } from '@/server/cacheTags'
import { type Refresh, expireCacheTags } from '@/server/publicCache'
import { typesOfResources } from '@/server/sql/statements'
import { relationId } from '@access/resources'
import type { Review } from '@payload-types'

/**
 * A review's change (and the rating it recomputes, in SQL that runs no resource hooks) expires the
 * pages of the resource it is on (both, if an admin moved it), the listings of its type and the
 * home page; other resources' pages stay cached. A review that comes out or changes while staying
 * out is refreshed in the background (its author's browser has drawn it already; other visitors
 * are served the page once more as it was while it is rendered again); one that leaves the public
 * pages (hidden, deleted, moved) is never shown again, so those pages wait for a render.
 */
export const expireReviewedPagesAfterChange: CollectionAfterChangeHook<Review> = async ({
  doc,
  previousDoc,
  req,
}) => {
  const leaves =
    previousDoc?.status === 'published' &&
    (doc.status !== 'published' || relationId(doc.resource) !== relationId(previousDoc.resource))
  await expireReviewed({
    req,
    reviews: [doc, previousDoc],
    refresh: leaves ? 'now' : 'background',
  })
  return doc
}

export const expireReviewedPagesAfterDelete: CollectionAfterDeleteHook<Review> = async ({
  doc,
  req,
}) => {
  await expireReviewed({ req, reviews: [doc], refresh: 'now' })
  return doc
}

const expireReviewed = async ({
  req,
  reviews,
  refresh,
}: {
  req: PayloadRequest
  reviews: (Partial<Review> | undefined)[]
  refresh: Refresh
}) => {
  const ids = [...new Set(reviews.map((review) => relationId(review?.resource)))].filter(
    (id): id is number => id !== null,
  )
  if (!ids.length) return
  // The listing to expire is the resource's type, which the review does not hold.
  const types = await typesOfResources(req, ids)
  const resources = ids.map((id) => ({ id, type: types.get(id) }))
  expireCacheTags({ req, tags: tagsOfChange({ resources }), refresh })
}
