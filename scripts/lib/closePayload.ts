import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

/** `payload.destroy()` leaves the pg pool open: it is ended here, once its clients are back. */
export const closePayload = async (payload: Payload) => {
  const pool = (payload.db as unknown as PostgresAdapter).pool
  await payload.destroy()
  await pool?.end()
}
