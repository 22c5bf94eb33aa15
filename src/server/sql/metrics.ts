import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'

import { LAST_BACKUP_KEY } from '@/lib/backups'

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

/** When `npm run backup` last succeeded (scripts/backup.ts records it), or null. */
export const lastBackupAt = async (payload: Payload) => {
  const { rows } = await runSql<{ finishedAt: string | null }>({
    payload,
    query: sql`SELECT data ->> 'finishedAt' AS "finishedAt" FROM payload_kv WHERE key = ${LAST_BACKUP_KEY}`,
  })
  const at = Date.parse(rows[0]?.finishedAt ?? '')
  return Number.isFinite(at) ? at : null
}
