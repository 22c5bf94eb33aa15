import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest, Where } from 'payload'

import type { Review } from '../../payload-types'
import { runSql } from '../../src/lib/db'
import { reviewView } from './views'

/** What a review shows of its author and its resource; nothing more is read. */
const REVIEW_POPULATE = {
  users: { displayName: true, avatar: true },
  resources: { title: true, type: true, slug: true },
} as const

/**
 * One page of the reviews matching `where`, newest first unless told otherwise, as the API shows
 * them with the page's place in the whole. `withResource: false` leaves out each review's
 * resource, for a page about that resource.
 */
export const findReviewPage = async ({
  payload,
  req,
  where,
  sort = '-createdAt',
  page,
  limit,
  locale,
  withResource = true,
}: {
  payload: Payload
  req?: PayloadRequest
  where: Where
  sort?: string | string[]
  page: number
  limit: number
  locale?: 'ru' | 'en'
  withResource?: boolean
}) => {
  const result = await payload.find({
    collection: 'reviews',
    where,
    sort,
    page,
    limit,
    depth: 1,
    locale,
    populate: REVIEW_POPULATE,
    ...(withResource ? {} : { select: { resource: false } }),
    overrideAccess: true,
    req,
  })
  return {
    reviews: (result.docs as Review[]).map(reviewView),
    total: result.totalDocs,
    page: result.page ?? page,
    pages: result.totalPages,
  }
}

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
    populate: REVIEW_POPULATE,
    overrideAccess: true,
    req,
  })
  return (docs as Review[]).map(reviewView)
}
