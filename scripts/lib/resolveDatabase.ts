import { EMBEDDED_DATABASE, env } from '@/server/env'

import { createDatabase, withDatabase } from './databases'
import { type EmbeddedServer, startEmbeddedPostgres } from './embeddedPostgres'

/**
 * DATABASE_URL when it is set; otherwise the embedded Postgres in EMBEDDED_PG_DIR (`.data/postgres`
 * by default), with its `obzor` database, so a machine with nothing but Node runs the site.
 */
export const resolveDatabase = async (): Promise<{
  databaseUrl: string
  embedded: EmbeddedServer | null
}> => {
  const { DATABASE_URL, EMBEDDED_PG_DIR } = env()
  if (DATABASE_URL) return { databaseUrl: DATABASE_URL, embedded: null }
  const embedded = await startEmbeddedPostgres()
  await createDatabase(embedded.serverUrl, EMBEDDED_DATABASE)
  console.info(`No DATABASE_URL: using the embedded Postgres in ${EMBEDDED_PG_DIR}`)
  return { databaseUrl: withDatabase(embedded.serverUrl, EMBEDDED_DATABASE), embedded }
}
