import 'server-only'

import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'
import {
  type Payload,
  type PayloadRequest,
  commitTransaction,
  initTransaction,
  killTransaction,
} from 'payload'

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
  const adapter = payload.db as unknown as PostgresAdapter
  const transactionId = req?.transactionID ? await req.transactionID : null
  const db = (transactionId && adapter.sessions?.[transactionId]?.db) || adapter.drizzle
  const result = (await db.execute(query)) as unknown as { rows: Row[]; rowCount: number | null }
  return { rows: result.rows, rowCount: result.rowCount ?? 0 }
}

/**
 * Runs `work` in the request's transaction, starting one when there is none: every Local API call
 * and runSql given this `req` commits together, or none does.
 */
export const inTransaction = async <T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> => {
  const isOwnTransaction = await initTransaction(req)
  try {
    const result = await work()
    if (isOwnTransaction) await commitTransaction(req)
    return result
  } catch (error) {
    if (isOwnTransaction) await killTransaction(req)
    throw error
  }
}
