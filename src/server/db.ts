import 'server-only'

import { type PayloadRequest, commitTransaction, initTransaction, killTransaction } from 'payload'

type Options = {
  /** A trial: the transaction is rolled back even when `work` succeeds (it must be the one opened here). */
  rollBack?: boolean
}

/**
 * The one way a transaction is opened (lint refuses Payload's transaction calls anywhere else).
 * Runs `work` in the request's transaction, starting one when there is none: every Local API call
 * and runSql given this `req` commits together, or none does. Work without a request (a job's)
 * makes one first: `createLocalReq({}, payload)`.
 */
export async function inTransaction<T>(
  req: PayloadRequest,
  work: (req: PayloadRequest) => Promise<T>,
  { rollBack = false }: Options = {},
): Promise<T> {
  const isOwnTransaction = await initTransaction(req)
  try {
    const result = await work(req)
    if (isOwnTransaction) await (rollBack ? killTransaction(req) : commitTransaction(req))
    return result
  } catch (error) {
    if (isOwnTransaction) await killTransaction(req)
    throw error
  }
}
