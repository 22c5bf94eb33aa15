import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

type PoolClient = { release?: () => void }
type PoolInternals = { _clients?: PoolClient[]; _idle?: Array<{ client: PoolClient }> }

/**
 * `payload.destroy()` leaves the pg pool open, and db-postgres keeps one client checked out (to
 * notice dropped connections) that it never releases, so `pool.end()` alone would wait forever.
 */
export const closePayload = async (payload: Payload) => {
  const pool = (payload.db as unknown as PostgresAdapter).pool
  await payload.destroy()
  if (!pool) return
  const ended = pool.end()
  const internals = pool as unknown as PoolInternals
  for (const client of internals._clients ?? []) {
    if (!internals._idle?.some((idle) => idle.client === client)) client.release?.()
  }
  await ended
}
