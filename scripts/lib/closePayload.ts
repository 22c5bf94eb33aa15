import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { closeChatHub } from '@/server/chat/hub'

/**
 * `payload.destroy()` leaves the pg pool open: it is ended here, once its clients are back; the
 * chat's listening connection, when the process opened one, is closed first.
 */
export const closePayload = async (payload: Payload) => {
  await closeChatHub()
  const pool = (payload.db as unknown as PostgresAdapter).pool
  await payload.destroy()
  await pool?.end()
}
