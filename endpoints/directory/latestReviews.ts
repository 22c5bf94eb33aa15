import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import type { Review } from '../../payload-types'
import { runSql } from '../../src/lib/db'
import { reviewView } from './views'

/**
 * The newest published reviews of published resources. The ids come from one indexed SQL query
 * (a join Payload's where-clause on `resource.status` would plan far worse on a large table),
 * the reviews from the Local API.
 */
export const findLatestReviews = async ({
  payload,
  req,
  limit,
  locale,
}: {
  payload: Payload
  req?: PayloadRequest
  limit: number
  locale?: 'ru' | 'en'
}) => {
  const { rows } = await runSql<{ id: number }>({
    payload,
    req,
    query: sql`SELECT v.id FROM reviews v JOIN resources r ON r.id = v.resource_id
               WHERE v.status = 'published' AND r.status = 'published'
               ORDER BY v.created_at DESC, v.id DESC LIMIT ${limit}`,
  })
  if (!rows.length) return []
  const { docs } = await payload.find({
    collection: 'reviews',
    where: { id: { in: rows.map((row) => row.id) } },
    sort: '-createdAt',
    depth: 1,
    locale,
    pagination: false,
    populate: {
      users: { displayName: true, avatar: true },
      resources: { title: true, type: true, slug: true },
    },
    overrideAccess: true,
    req,
  })
  return (docs as Review[]).map(reviewView)
}
