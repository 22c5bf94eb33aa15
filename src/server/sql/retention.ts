import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'

import { runSql } from './run'

/**
 * The records past their period (src/lib/retention.ts) that the hourly clean-up removes: by plain
 * statements where nothing hangs on a row, and by ids for the rows that go through Payload (a
 * review's hooks, a message's files).
 */

/** Removes the security log's entries older than `days`; how many. */
export const deleteOldSecurityEvents = async (payload: Payload, days: number) =>
  (
    await runSql({
      payload,
      query: sql`DELETE FROM security_events
        WHERE created_at < now() - make_interval(days => ${days})`,
    })
  ).rowCount

/** Removes the analytics' daily counts older than `days` (the monthly totals stay); how many. */
export const deleteOldAnalyticsDays = async (payload: Payload, days: number) => {
  const cutoff = sql`(now() - make_interval(days => ${days}))::date`
  const resources = await runSql({
    payload,
    query: sql`DELETE FROM analytics_resource_days WHERE day < ${cutoff}`,
  })
  const site = await runSql({
    payload,
    query: sql`DELETE FROM analytics_site_days WHERE day < ${cutoff}`,
  })
  return resources.rowCount + site.rowCount
}

/** The contact messages handled more than `days` ago, and their files. */
export const oldContactMessages = async (payload: Payload, days: number) => {
  const { rows } = await runSql<{ id: number; attachments: number[] | null }>({
    payload,
    query: sql`SELECT m.id, array_remove(array_agg(r.attachments_id), NULL) AS attachments
      FROM contact_messages m
      LEFT JOIN contact_messages_rels r ON r.parent_id = m.id AND r.path = 'attachments'
      WHERE m.handled AND m.handled_at < now() - make_interval(days => ${days})
      GROUP BY m.id`,
  })
  return rows.map((row) => ({ id: row.id, attachments: (row.attachments ?? []).map(Number) }))
}

/** The reviews hidden more than `hiddenDays` ago, and those held more than `heldDays`. */
export const oldHiddenOrHeldReviews = async (
  payload: Payload,
  { hiddenDays, heldDays }: { hiddenDays: number; heldDays: number },
) =>
  (
    await runSql<{ id: number }>({
      payload,
      query: sql`SELECT id FROM reviews
        WHERE (status = 'hidden' AND coalesce(hidden_at, updated_at)
                 < now() - make_interval(days => ${hiddenDays}))
           OR (status = 'pending' AND created_at < now() - make_interval(days => ${heldDays}))`,
    })
  ).rows.map((row) => row.id)
