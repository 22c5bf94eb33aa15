import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'

import type { ResourceType } from '@/lib/resourceTypes'

import { runSql } from './run'

/**
 * The published resources most viewed over the last `days` days, `perType` of each type (the
 * most reviewed where views are missing or tied): the resource pages a deploy warms first.
 */
export const mostVisitedResources = async ({
  payload,
  perType,
  days,
}: {
  payload: Payload
  perType: number
  days: number
}) =>
  (
    await runSql<{ type: ResourceType; slug: string }>({
      payload,
      query: sql`
        SELECT type, slug FROM (
          SELECT r.type, r.slug, row_number() OVER (
            PARTITION BY r.type
            ORDER BY coalesce(v.views, 0) DESC, r.review_count DESC, r.id
          ) AS rank
          FROM resources r
          LEFT JOIN (
            SELECT resource_id, sum(views) AS views FROM analytics_resource_days
            WHERE day >= current_date - ${days}::int GROUP BY resource_id
          ) v ON v.resource_id = r.id
          WHERE r.status = 'published' AND r.slug IS NOT NULL
        ) ranked
        WHERE rank <= ${perType}
        ORDER BY rank, type`,
    })
  ).rows
