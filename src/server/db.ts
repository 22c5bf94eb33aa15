import 'server-only'

import { type PayloadRequest, commitTransaction, initTransaction, killTransaction } from 'payload'

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
