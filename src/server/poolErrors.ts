import 'server-only'

import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

const heard = new WeakSet<object>()

/**
 * When Postgres ends an idle pooled connection (a restart, a database stopped under the app),
 * the pool drops it and emits 'error', which unheard ends the process as an uncaught exception
 * with a dump of the client. One line in the log says it instead, at most every ten seconds; the
 * next query opens a new connection.
 */
export const logPoolErrors = (payload: Payload) => {
  const pool = (payload.db as unknown as PostgresAdapter).pool
  if (!pool || heard.has(pool)) return
  heard.add(pool)
  let loggedAt = 0
  pool.on('error', (error) => {
    if (Date.now() - loggedAt < 10_000) return
    loggedAt = Date.now()
    payload.logger.warn(`Postgres closed an idle connection: ${error.message}`)
  })
}
