import type { Payload } from 'payload'

import { closeChatHub } from '@/server/chat/hub'
import { closeLimitsPool } from '@/server/rateLimit'
import { postgresOf } from '@/server/sql/run'

/**
 * `payload.destroy()` leaves the pg pool open: it is ended here, once its clients are back; the
 * chat's listening connection and the rate limits' pool, when the process opened them, are
 * closed first.
 */
export const closePayload = async (payload: Payload) => {
  await closeChatHub()
  await closeLimitsPool()
  const pool = postgresOf(payload).pool
  await payload.destroy()
  await pool?.end()
}
