import 'server-only'

import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'
import type { Payload, PayloadRequest } from 'payload'

/** Payload's database as the Postgres adapter it is: the one place that says so. */
export const postgresOf = (payload: Payload) => payload.db as unknown as PostgresAdapter

/**
 * Runs one SQL statement, inside the request's transaction when it has one, so raw statements
 * commit or roll back together with the Local API calls around them.
 */
export const runSql = async <Row = Record<string, unknown>>({
  payload,
  req,
  query,
}: {
  payload: Payload
  req?: Partial<PayloadRequest>
  query: SQL
}): Promise<{ rows: Row[]; rowCount: number }> => {
  const adapter = postgresOf(payload)
  const transactionId = req?.transactionID ? await req.transactionID : null
  const db = (transactionId && adapter.sessions?.[transactionId]?.db) || adapter.drizzle
  const result = (await db.execute(query)) as unknown as { rows: Row[]; rowCount: number | null }
  return { rows: result.rows, rowCount: result.rowCount ?? 0 }
}
