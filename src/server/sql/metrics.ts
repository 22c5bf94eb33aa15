import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'

import { LAST_BACKUP_KEY, type LastBackup } from '@/lib/backups'

import { runSql } from './run'

/**
 * Each queue's jobs for the metrics: queued (not done, not failed, not claimed), running (claimed),
 * failed (given up), and how long the oldest due one has waited.
 */
export const jobFigures = async (payload: Payload) =>
  (
    await runSql<{
      queue: string
      queued: number
      running: number
      failed: number
      oldestDueSeconds: number
    }>({
      payload,
      query: sql`SELECT coalesce(queue, 'default') AS queue,
          count(*) FILTER (WHERE completed_at IS NULL AND has_error IS NOT TRUE
            AND processing IS NOT TRUE)::int AS queued,
          count(*) FILTER (WHERE processing AND completed_at IS NULL)::int AS running,
          count(*) FILTER (WHERE has_error)::int AS failed,
          coalesce(extract(epoch FROM now() - min(coalesce(wait_until, created_at)) FILTER (
            WHERE completed_at IS NULL AND has_error IS NOT TRUE
              AND coalesce(wait_until, created_at) <= now())), 0)::float AS "oldestDueSeconds"
        FROM payload_jobs GROUP BY 1`,
    })
  ).rows

/** The last backup that succeeded, as `npm run backup` records it (scripts/backup.ts), or null. */
export const lastBackup = async (payload: Payload) => {
  const { rows } = await runSql<{ data: Partial<LastBackup> | null }>({
    payload,
    query: sql`SELECT data FROM payload_kv WHERE key = ${LAST_BACKUP_KEY}`,
  })
  const data = rows[0]?.data
  const at = Date.parse(typeof data?.finishedAt === 'string' ? data.finishedAt : '')
  if (!data || !Number.isFinite(at)) return null
  return {
    at,
    location: typeof data.location === 'string' ? data.location : null,
    bytes: typeof data.bytes === 'number' ? data.bytes : null,
  }
}

/**
 * The availability monitor's last check (src/server/linkChecks) and how many of the checked
 * addresses are down now.
 */
export const linkCheckFigures = async (payload: Payload) => {
  const { rows } = await runSql<{ lastAt: string | null; down: number }>({
    payload,
    query: sql`SELECT (SELECT max(checked_at) FROM link_checks) AS "lastAt",
        (SELECT count(*) FROM link_states WHERE NOT up)::int AS down`,
  })
  const at = Date.parse(rows[0]?.lastAt ?? '')
  return { lastAt: Number.isFinite(at) ? at : null, down: rows[0]?.down ?? 0 }
}

/** How many mails of `queue` were given up (failed for good) in the last day. */
export const mailsGivenUpToday = async (payload: Payload, queue: string) => {
  const { rows } = await runSql<{ count: number }>({
    payload,
    query: sql`SELECT count(*)::int AS count FROM payload_jobs
        WHERE has_error AND queue = ${queue} AND updated_at > now() - interval '1 day'`,
  })
  return rows[0]?.count ?? 0
}
