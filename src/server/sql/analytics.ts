import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload, PayloadRequest } from 'payload'

import {
  RESOURCE_COUNTERS,
  type ResourceCounter,
  TRACKED_COUNTERS,
  type TrackedCounter,
  addDays,
  dayOf,
} from '@/lib/analytics'

import { inTransaction } from '../db'

import { runSql } from './run'

/**
 * Analytics' writes (tables `analytics_resource_days`, `analytics_site_days`, `analytics_batches`,
 * made by the migration `20261126_analytics`): the browser's counts flushed in batches, the
 * counts the collections' hooks add in the writer's transaction, and the site's daily roll-up.
 */

/** A resource's counters on one day, as the recorder gathers them. */
export type TrackedRow = { resource_id: number; day: string } & Record<TrackedCounter, number>

const columns = (names: readonly string[]) => sql.raw(names.map((name) => `"${name}"`).join(', '))

/** An upsert's SET that adds the new counts to a resource's day row already there. */
const addedToDay = (names: readonly string[]) =>
  sql.raw(
    names
      .map((name) => `"${name}" = analytics_resource_days."${name}" + EXCLUDED."${name}"`)
      .join(', '),
  )

/**
 * Adds one batch of the browser's counts, in one statement (so all or nothing): one upsert per
 * resource and day, and the same counts into the site's days. `batchId` makes a batch count once
 * however often it is retried: a batch already recorded adds nothing. Only published resources
 * count, whichever door the report came through: rows of resources nobody can see (pending,
 * rejected) or that do not exist (deleted since, or never) are dropped. Answers whether the batch
 * was added now.
 */
export const addTrackedBatch = async ({
  payload,
  batchId,
  rows,
}: {
  payload: Payload
  batchId: string
  rows: TrackedRow[]
}): Promise<boolean> => {
  if (rows.length === 0) return true
  // One order for every writer, so two batches never wait on each other's rows in a cycle.
  const sorted = [...rows].sort((a, b) => a.resource_id - b.resource_id || (a.day < b.day ? -1 : 1))
  const counters = columns(TRACKED_COUNTERS)
  const recordType = sql.raw(
    ['resource_id int', 'day date', ...TRACKED_COUNTERS.map((name) => `${name} int`)].join(', '),
  )
  const { rows: result } = await runSql<{ added: number }>({
    payload,
    query: sql`
      WITH batch AS (
        INSERT INTO analytics_batches (id) VALUES (${batchId}) ON CONFLICT DO NOTHING RETURNING id
      ), input AS (
        SELECT u.* FROM jsonb_to_recordset(${JSON.stringify(sorted)}::jsonb) AS u(${recordType})
        JOIN resources r ON r.id = u.resource_id AND r.status = 'published'
        WHERE EXISTS (SELECT 1 FROM batch)
      ), resource_rows AS (
        INSERT INTO analytics_resource_days (resource_id, day, ${counters})
        SELECT resource_id, day, ${counters} FROM input
        ON CONFLICT (resource_id, day) DO UPDATE SET ${addedToDay(TRACKED_COUNTERS)}
        RETURNING 1
      ), site_rows AS (
        INSERT INTO analytics_site_days (day, views, visitors, clicks)
        SELECT day, sum(views), sum(visitors), sum(site_clicks + mirror_clicks) FROM input GROUP BY day
        ON CONFLICT (day) DO UPDATE SET
          views = analytics_site_days.views + EXCLUDED.views,
          visitors = analytics_site_days.visitors + EXCLUDED.visitors,
          clicks = analytics_site_days.clicks + EXCLUDED.clicks
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM batch)::int AS added,
             (SELECT count(*) FROM resource_rows) + (SELECT count(*) FROM site_rows) AS written`,
  })
  return (result[0]?.added ?? 0) > 0
}

/**
 * Adds to a resource's counters for the day of `at` (now), inside the writer's transaction: a
 * favorite, a review and its grade, a helpful vote, a report count with the write that made them.
 */
export const addResourceCounts = async (
  req: PayloadRequest,
  resourceId: number,
  counts: Partial<Record<ResourceCounter, number>>,
  at: Date = new Date(),
) => {
  const names = Object.keys(counts).filter((name): name is ResourceCounter =>
    (RESOURCE_COUNTERS as readonly string[]).includes(name),
  )
  if (names.length === 0) return
  const values = sql.join(
    names.map((name) => sql`${Math.trunc(counts[name] ?? 0)}`),
    sql`, `,
  )
  await runSql({
    payload: req.payload,
    req,
    query: sql`
      INSERT INTO analytics_resource_days (resource_id, day, ${columns(names)})
      VALUES (${resourceId}, ${dayOf(at)}::date, ${values})
      ON CONFLICT (resource_id, day) DO UPDATE SET ${addedToDay(names)}`,
  })
}

/**
 * Builds the site's figures of each day from `from` to `to` from what the site stores, and
 * upserts them (the browser's views, visitors and clicks, which the flushes add, are kept). Safe
 * to run again and from several workers at once: a transaction-long advisory lock runs them one
 * after the other, and each rebuilds the same days the same way.
 */
export const rollUpSiteDays = async ({
  payload,
  from,
  to,
}: {
  payload: Payload
  from: string
  to: string
}): Promise<number> =>
  inTransaction(payload, async (req) => {
    await runSql({
      payload,
      req,
      query: sql`SELECT pg_advisory_xact_lock(hashtext('analytics-roll-up'))`,
    })
    const { rowCount } = await runSql({ payload, req, query: siteDaysQuery(from, to) })
    return rowCount
  })

const siteDaysQuery = (from: string, to: string) => sql`
  WITH bounds AS (
    SELECT d::date AS day, (d AT TIME ZONE 'UTC') AS starts, ((d + interval '1 day') AT TIME ZONE 'UTC') AS ends
    FROM generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') AS d
  ), first_answers AS (
    SELECT t.id, t.created_at, min(m.created_at) AS answered_at
    FROM tickets t JOIN ticket_messages m ON m.ticket_id = t.id AND m.from_support
    GROUP BY t.id, t.created_at
  ), decisions AS (
    SELECT v.created_at, v.decided_at FROM verification_requests v
    WHERE v.decided_at IS NOT NULL AND v.status IN ('approved', 'rejected', 'revoked')
  )
  INSERT INTO analytics_site_days (
    day, registrations, active_users, reviews, comments, chat_messages, resources_by_type,
    resources_by_status, tickets_opened, tickets_open, first_answer_seconds, verification_by_status,
    decision_seconds, built_at
  )
  SELECT
    b.day,
    (SELECT count(*) FROM users u WHERE u.created_at >= b.starts AND u.created_at < b.ends),
    (SELECT count(DISTINCT who) FROM (
        SELECT s._parent_id AS who FROM users_sessions s WHERE s.created_at >= b.starts AND s.created_at < b.ends
        UNION ALL SELECT author_id FROM reviews WHERE created_at >= b.starts AND created_at < b.ends
        UNION ALL SELECT author_id FROM comments WHERE created_at >= b.starts AND created_at < b.ends
        UNION ALL SELECT author_id FROM chat_messages WHERE created_at >= b.starts AND created_at < b.ends
        UNION ALL SELECT author_id FROM ticket_messages WHERE created_at >= b.starts AND created_at < b.ends
      ) AS active WHERE who IS NOT NULL),
    (SELECT count(*) FROM reviews r WHERE r.created_at >= b.starts AND r.created_at < b.ends),
    (SELECT count(*) FROM comments c WHERE c.created_at >= b.starts AND c.created_at < b.ends),
    (SELECT count(*) FROM chat_messages c WHERE c.created_at >= b.starts AND c.created_at < b.ends),
    (SELECT coalesce(jsonb_object_agg(type, n), '{}'::jsonb) FROM (
        SELECT type, count(*) AS n FROM resources WHERE created_at >= b.starts AND created_at < b.ends GROUP BY type
      ) AS by_type),
    (SELECT coalesce(jsonb_object_agg(status, n), '{}'::jsonb) FROM (
        SELECT status, count(*) AS n FROM resources WHERE created_at >= b.starts AND created_at < b.ends GROUP BY status
      ) AS by_status),
    (SELECT count(*) FROM tickets t WHERE t.created_at >= b.starts AND t.created_at < b.ends),
    (SELECT count(*) FROM tickets t WHERE t.created_at < b.ends AND (t.closed_at IS NULL OR t.closed_at >= b.ends)),
    (SELECT coalesce(array_agg(extract(epoch FROM f.answered_at - f.created_at)::int), '{}')
       FROM first_answers f WHERE f.answered_at >= b.starts AND f.answered_at < b.ends),
    (SELECT coalesce(jsonb_object_agg(status, n), '{}'::jsonb) FROM (
        SELECT status, count(*) AS n FROM verification_requests WHERE created_at >= b.starts AND created_at < b.ends GROUP BY status
      ) AS by_state),
    (SELECT coalesce(array_agg(extract(epoch FROM d.decided_at - d.created_at)::int), '{}')
       FROM decisions d WHERE d.decided_at >= b.starts AND d.decided_at < b.ends),
    now()
  FROM bounds b
  ON CONFLICT (day) DO UPDATE SET
    registrations = EXCLUDED.registrations,
    active_users = EXCLUDED.active_users,
    reviews = EXCLUDED.reviews,
    comments = EXCLUDED.comments,
    chat_messages = EXCLUDED.chat_messages,
    resources_by_type = EXCLUDED.resources_by_type,
    resources_by_status = EXCLUDED.resources_by_status,
    tickets_opened = EXCLUDED.tickets_opened,
    tickets_open = EXCLUDED.tickets_open,
    first_answer_seconds = EXCLUDED.first_answer_seconds,
    verification_by_status = EXCLUDED.verification_by_status,
    decision_seconds = EXCLUDED.decision_seconds,
    built_at = EXCLUDED.built_at`

/** How many finished months the roll-up keeps built: two years, the longest period and its previous. */
const MONTHS_KEPT = 25

/**
 * Builds the finished months (over for two days: no flush or hook writes their days any more) of
 * the last two years that are not built yet, a few a run: each resource's views and new reviews of
 * the month, read by the site's top lists (src/data/views/analytics.ts). Answers how many months
 * it built.
 */
export const rollUpResourceMonths = async ({
  payload,
  today,
  most = 3,
}: {
  payload: Payload
  today: string
  most?: number
}): Promise<number> => {
  const monthOf = (day: string) => `${day.slice(0, 7)}-01`
  const monthBefore = (month: string) => monthOf(addDays(month, -1))
  // The newest month that ended two days ago or earlier, then the ones before it.
  const lastDone = addDays(today, -2)
  let month = addDays(lastDone, 1).endsWith('-01')
    ? monthOf(lastDone)
    : monthBefore(monthOf(lastDone))
  const months: string[] = []
  while (months.length < MONTHS_KEPT) {
    months.push(month)
    month = monthBefore(month)
  }
  const { rows: built } = await runSql<{ month: string }>({
    payload,
    query: sql`SELECT to_char(month, 'YYYY-MM-DD') AS month FROM analytics_months_built
      WHERE month >= ${months.at(-1)}::date`,
  })
  const done = new Set(built.map((row) => row.month))
  const missing = months.filter((month) => !done.has(month)).slice(0, most)
  for (const month of missing) {
    await runSql({
      payload,
      query: sql`
        WITH built AS (
          INSERT INTO analytics_months_built (month) VALUES (${month}::date)
          ON CONFLICT DO NOTHING RETURNING month
        )
        INSERT INTO analytics_resource_months (resource_id, month, views, reviews)
        SELECT resource_id, ${month}::date, sum(views), sum(reviews) FROM analytics_resource_days
        WHERE day >= ${month}::date AND day < (${month}::date + interval '1 month')
          AND EXISTS (SELECT 1 FROM built)
        GROUP BY resource_id HAVING sum(views) > 0 OR sum(reviews) > 0
        ON CONFLICT (resource_id, month) DO UPDATE
          SET views = EXCLUDED.views, reviews = EXCLUDED.reviews`,
    })
  }
  return missing.length
}

/** Forgets the batch ids older than two days: a batch is retried within seconds, never days. */
export const forgetOldBatches = async (payload: Payload) =>
  runSql({
    payload,
    query: sql`DELETE FROM analytics_batches WHERE at < now() - interval '2 days'`,
  })

/** As addResourceCounts, for the resource of review `reviewId` (a helpful vote, a report). */
export const addReviewedResourceCounts = async (
  req: PayloadRequest,
  reviewId: number,
  counts: Partial<Record<ResourceCounter, number>>,
  at: Date = new Date(),
) => {
  const { rows } = await runSql<{ resource_id: number }>({
    payload: req.payload,
    req,
    query: sql`SELECT resource_id FROM reviews WHERE id = ${reviewId}`,
  })
  if (rows[0]) await addResourceCounts(req, Number(rows[0].resource_id), counts, at)
}

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
