import 'server-only'

import {
  type Payload,
  type PayloadRequest,
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
} from 'payload'

type Options = {
  /** A trial: the transaction is rolled back even when `work` succeeds (it must be the one opened here). */
  rollBack?: boolean
}

/**
 * The one way a transaction is opened (lint refuses Payload's transaction calls anywhere else).
 * Runs `work` in the request's transaction, starting one when there is none: every Local API call
 * and runSql given this `req` commits together, or none does. Given `payload` instead of a
 * request (a job without one), the transaction is opened on a fresh local request, handed to `work`.
 */
export async function inTransaction<T>(
  payload: Payload,
  work: (req: PayloadRequest) => Promise<T>,
  options?: Options,
): Promise<T>
export async function inTransaction<T>(
  req: PayloadRequest,
  work: (req: PayloadRequest) => Promise<T>,
  options?: Options,
): Promise<T>
export async function inTransaction<T>(
  on: PayloadRequest | Payload,
  work: (req: PayloadRequest) => Promise<T>,
  { rollBack = false }: Options = {},
): Promise<T> {
  const req = 'payload' in on ? on : await createLocalReq({}, on)
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
