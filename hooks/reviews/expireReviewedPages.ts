import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import type { ResourceType } from '@/lib/resourceTypes'
import { tagsOfChange } from '@/server/cacheTags'
import { runSql } from '@/server/db'
import { expireCacheTags } from '@/server/publicCache'
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
  const { rows } = await runSql<{ id: number; type: ResourceType }>({
    payload: req.payload,
    req,
    query: sql`SELECT id, type FROM resources WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  })
  const types = new Map(rows.map((row) => [row.id, row.type]))
  const resources = ids.map((id) => ({ id, type: types.get(id) }))
  expireCacheTags({ req, tags: tagsOfChange({ resources }) })
}
