import 'server-only'

import { sql } from 'drizzle-orm'
import { type Payload, createLocalReq } from 'payload'

import { addDays } from '@/lib/analytics'

import { inTransaction } from '../db'

import { runSql } from './run'

// The analytics roll-up job's statements (src/server/analytics/rollUp.ts): the site's days, the
// resources' finished months, and the old batch ids forgotten.

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
  inTransaction(await createLocalReq({}, payload), async (req) => {
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
