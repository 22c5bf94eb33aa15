import type { Payload } from 'payload'

import { closeChatHub } from '@/server/chat/hub'
import { postgresOf } from '@/server/sql/run'

/**
 * `payload.destroy()` leaves the pg pool open: it is ended here, once its clients are back; the
 * chat's listening connection, when the process opened one, is closed first.
 */
export const closePayload = async (payload: Payload) => {
  await closeChatHub()
  const pool = postgresOf(payload).pool
  await payload.destroy()
  await pool?.end()
}
