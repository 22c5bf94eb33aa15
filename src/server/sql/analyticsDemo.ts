import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'

import { columns } from './analytics'
import { runSql } from './run'

/** The demo's resources and days, from `from` to `to` (UTC), that its figures are written for. */
type DemoDays = { payload: Payload; resourceIds: number[]; from: string; to: string }

/**
 * The demo's history (src/seed/analytics.ts): plausible daily views, visitors and clicks for
 * `resourceIds` from `from` to `to`, the same on every run (derived from the resource and the
 * day), rising gently towards `to`; the site's days get their sums. Days that already have
 * figures are left alone. What members did is not made up: recountMemberActivity counts it.
 */
export const addDemoHistory = async ({ payload, resourceIds, from, to }: DemoDays) => {
  if (resourceIds.length === 0) return 0
  const { rowCount } = await runSql({
    payload,
    query: sql`
      WITH input AS (
        SELECT r AS resource_id, d::date AS day,
          abs(hashtext(r || ':' || d::date)) AS h,
          (d::date - ${from}::date) AS age
        FROM unnest(${`{${resourceIds.join(',')}}`}::int[]) AS r,
             generate_series(${from}::date, ${to}::date, interval '1 day') AS d
      ), figures AS (
        SELECT resource_id, day,
          12 + h % 30 + age / 2 + CASE WHEN extract(isodow FROM day) >= 6 THEN 8 ELSE 0 END AS views,
          h
        FROM input
      )
      INSERT INTO analytics_resource_days (resource_id, day, views, visitors, site_clicks,
        mirror_clicks)
      SELECT resource_id, day, views, views * 7 / 10, views / 6, (h / 7) % 3
      FROM figures
      ON CONFLICT (resource_id, day) DO NOTHING`,
  })
  await runSql({
    payload,
    query: sql`
      INSERT INTO analytics_site_days (day, views, visitors, clicks)
      SELECT day, sum(views), sum(visitors), sum(site_clicks + mirror_clicks)
      FROM analytics_resource_days WHERE day BETWEEN ${from} AND ${to} GROUP BY day
      ON CONFLICT (day) DO UPDATE SET views = EXCLUDED.views, visitors = EXCLUDED.visitors,
        clicks = EXCLUDED.clicks`,
  })
  return rowCount
}

/** The counters recountMemberActivity sets from what is stored. */
const MEMBER_COUNTERS = [
  'reviews',
  'grade_1',
  'grade_2',
  'grade_3',
  'grade_4',
  'grade_5',
  'helpful_votes',
  'reports',
  'favorites_added',
] as const

/**
 * Sets what members did on `resourceIds` each day from `from` to `to` (UTC) to what is stored:
 * the published reviews written that day and their grades, the helpful votes and reports on the
 * resource's reviews, the favorites added (a day with none gets zeros; removed favorites leave no
 * row, so their count is kept). For the demo (src/seed/analytics.ts): its reviews are dated weeks
 * back while the hooks count them on the day the seed stores them, so without this the owner's
 * figures would tell other reviews than the pages show. Answers the days written.
 */
export const recountMemberActivity = async ({ payload, resourceIds, from, to }: DemoDays) => {
  if (resourceIds.length === 0) return 0
  const ids = sql`${`{${resourceIds.map(Number).join(',')}}`}::int[]`
  const counters = columns(MEMBER_COUNTERS)
  const { rowCount } = await runSql({
    payload,
    query: sql`
      WITH events AS (
        SELECT resource_id, created_at, 'review' AS kind, grade FROM reviews
          WHERE status = 'published' AND resource_id = ANY(${ids})
        UNION ALL
        SELECT r.resource_id, v.created_at, 'vote', NULL FROM review_votes v
          JOIN reviews r ON r.id = v.review_id WHERE r.resource_id = ANY(${ids})
        UNION ALL
        SELECT r.resource_id, p.created_at, 'report', NULL FROM review_reports p
          JOIN reviews r ON r.id = p.review_id WHERE r.resource_id = ANY(${ids})
        UNION ALL
        SELECT resource_id, created_at, 'favorite', NULL FROM favorites
          WHERE resource_id = ANY(${ids})
      ), counted AS (
        SELECT resource_id, (created_at AT TIME ZONE 'UTC')::date AS day,
          count(*) FILTER (WHERE kind = 'review') AS reviews,
          count(*) FILTER (WHERE kind = 'review' AND grade = 1) AS grade_1,
          count(*) FILTER (WHERE kind = 'review' AND grade = 2) AS grade_2,
          count(*) FILTER (WHERE kind = 'review' AND grade = 3) AS grade_3,
          count(*) FILTER (WHERE kind = 'review' AND grade = 4) AS grade_4,
          count(*) FILTER (WHERE kind = 'review' AND grade = 5) AS grade_5,
          count(*) FILTER (WHERE kind = 'vote') AS helpful_votes,
          count(*) FILTER (WHERE kind = 'report') AS reports,
          count(*) FILTER (WHERE kind = 'favorite') AS favorites_added
        FROM events
        WHERE (created_at AT TIME ZONE 'UTC')::date BETWEEN ${from}::date AND ${to}::date
        GROUP BY 1, 2
      ), cleared AS (
        UPDATE analytics_resource_days a SET ${sql.raw(
          MEMBER_COUNTERS.map((name) => `"${name}" = 0`).join(', '),
        )}
        WHERE a.resource_id = ANY(${ids}) AND a.day BETWEEN ${from}::date AND ${to}::date
          AND NOT EXISTS (
            SELECT 1 FROM counted c WHERE c.resource_id = a.resource_id AND c.day = a.day)
        RETURNING 1
      )
      INSERT INTO analytics_resource_days (resource_id, day, ${counters})
      SELECT resource_id, day, ${counters} FROM counted
      ON CONFLICT (resource_id, day) DO UPDATE SET ${sql.raw(
        MEMBER_COUNTERS.map((name) => `"${name}" = EXCLUDED."${name}"`).join(', '),
      )}`,
  })
  return rowCount
}
