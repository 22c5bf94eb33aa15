import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { runSql } from '@/server/db'
import type { Review } from '@payload-types'

const resourceIdOf = (review: Pick<Review, 'resource'>) =>
  typeof review.resource === 'object' ? review.resource.id : review.resource

/**
 * Rebuilds a resource's rating aggregates from its published reviews, in the transaction of the
 * review change. The resource row is locked first, so concurrent reviews of one resource are
 * counted one after the other and none is missed.
 */
export const recomputeRating = async ({
  req,
  resourceId,
}: {
  req: PayloadRequest
  resourceId: number
}) => {
  const run = (query: ReturnType<typeof sql>) => runSql({ payload: req.payload, req, query })
  // NO KEY UPDATE: it queues the recomputations of one resource, yet does not wait on the key
  // share locks that inserting a review (a foreign key to the resource) takes.
  await run(sql`SELECT id FROM resources WHERE id = ${resourceId} FOR NO KEY UPDATE`)
  await run(sql`
    UPDATE resources SET
      review_count = agg.count,
      rating_average = agg.average,
      rating_distribution = agg.distribution,
      criteria_averages = agg.criteria
    FROM (
      SELECT
        count(*)::int AS count,
        coalesce(round(avg(grade)::numeric, 2), 0) AS average,
        jsonb_build_object(
          '1', count(*) FILTER (WHERE grade = 1), '2', count(*) FILTER (WHERE grade = 2),
          '3', count(*) FILTER (WHERE grade = 3), '4', count(*) FILTER (WHERE grade = 4),
          '5', count(*) FILTER (WHERE grade = 5)
        ) AS distribution,
        coalesce((
          SELECT jsonb_object_agg(key, average) FROM (
            SELECT c.key, round(avg(c.value::numeric), 2) AS average
            FROM reviews r2, jsonb_each_text(r2.criteria) c
            WHERE r2.resource_id = ${resourceId} AND r2.status = 'published'
              AND jsonb_typeof(r2.criteria) = 'object'
            GROUP BY c.key
          ) per_key
        ), '{}'::jsonb) AS criteria
      FROM reviews
      WHERE resource_id = ${resourceId} AND status = 'published'
    ) agg
    WHERE resources.id = ${resourceId}
  `)
}

export const recomputeRatingAfterChange: CollectionAfterChangeHook<Review> = async ({
  doc,
  previousDoc,
  req,
}) => {
  await recomputeRating({ req, resourceId: resourceIdOf(doc) })
  if (previousDoc?.resource && resourceIdOf(previousDoc) !== resourceIdOf(doc)) {
    await recomputeRating({ req, resourceId: resourceIdOf(previousDoc) })
  }
  return doc
}

export const recomputeRatingAfterDelete: CollectionAfterDeleteHook<Review> = async ({
  doc,
  req,
}) => {
  await recomputeRating({ req, resourceId: resourceIdOf(doc) })
  return doc
}
