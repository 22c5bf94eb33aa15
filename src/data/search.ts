import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { Locale } from '@/i18n/routing'
import { LIMITS } from '@/lib/limits'
import type { ResourceType } from '@/lib/resourceTypes'
import { runSql } from '@/server/db'

import { getPayload } from './payload'
import { findResourcesInOrder } from './resources'
import { resourceSummary } from './views/resources'

export const SEARCH_PAGE_SIZE = 20

/**
 * Published resources matching `q`, best first: full-text over title, summary and description in
 * either language (Russian and English stemming), or a title close to the query (pg_trgm word
 * similarity, which forgives typos). One SQL query finds and ranks the page, one reads it.
 */
export const searchResources = async ({
  q,
  locale,
  type,
  country,
  page,
}: {
  q: string
  locale: Locale
  type?: ResourceType
  country?: string
  page: number
}) => {
  // No text column takes a NUL character or half a surrogate pair: they are no search term.
  const query = q.replace(/\0/g, '').toWellFormed().trim().slice(0, LIMITS.searchQueryMax)
  if (!query) return { resources: [], total: 0, pages: 0, page }
  const payload = await getPayload()
  const offset = (page - 1) * SEARCH_PAGE_SIZE
  const { rows } = await runSql<{ id: number; total: number }>({
    payload,
    query: sql`
      WITH tsq AS (
        SELECT websearch_to_tsquery('russian', ${query}) || websearch_to_tsquery('english', ${query}) AS q
      ),
      matches AS (
        SELECT r.id, r.review_count,
          max(ts_rank(l.search_vector, tsq.q) + word_similarity(${query}, l.title)) AS score
        FROM resources r
        JOIN resources_locales l ON l._parent_id = r.id
        CROSS JOIN tsq
        WHERE r.status = 'published'
          ${type ? sql`AND r.type = ${type}` : sql``}
          ${country ? sql`AND r.country = ${country}` : sql``}
          AND (l.search_vector @@ tsq.q OR ${query} <% l.title)
        GROUP BY r.id, r.review_count
      )
      SELECT id, count(*) OVER ()::int AS total FROM matches
      ORDER BY score DESC, review_count DESC, id
      LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${offset}`,
  })
  const total = rows[0]?.total ?? 0
  const found = await findResourcesInOrder({
    payload,
    ids: rows.map((row) => row.id),
    locale,
    withSearchText: true,
  })
  const resources = found
    // The search text starts with the title, which the result shows already.
    .map((doc) => ({
      ...resourceSummary(doc),
      text: (doc.searchText ?? '').split('\n').slice(1).join(' '),
    }))
  return { resources, total, pages: Math.ceil(total / SEARCH_PAGE_SIZE), page }
}
