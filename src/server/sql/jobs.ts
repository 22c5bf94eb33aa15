import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload, PayloadRequest } from 'payload'

import { runSql } from './run'

/**
 * Removes the failed job `id` and answers what it ran (its task, input and queue), or null when
 * there is no such job or it has not failed. One statement, in the request's transaction: of two
 * callers at once, the second waits for the first's row lock and then finds nothing, where a read
 * followed by a delete would let both take it.
 */
export const takeFailedJob = async ({
  payload,
  req,
  id,
}: {
  payload: Payload
  req: Partial<PayloadRequest>
  id: number
}) => {
  const { rows } = await runSql<{ taskSlug: string; input: unknown; queue: string | null }>({
    payload,
    req,
    query: sql`DELETE FROM payload_jobs
      WHERE id = ${id} AND has_error AND task_slug IS NOT NULL AND task_slug <> 'inline'
      RETURNING task_slug AS "taskSlug", input, queue`,
  })
  return rows[0] ?? null
}
