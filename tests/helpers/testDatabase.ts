import { rmSync } from 'node:fs'

import {
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '../../scripts/lib/databases'
import { makeTempDataDir, startEmbeddedPostgres } from '../../scripts/lib/embeddedPostgres'
import { freePort } from '../../scripts/lib/ports'

export { freePort }

/**
 * The server a test run makes its databases on: DATABASE_URL's or, without it, a throw-away
 * embedded Postgres. `stop` stops and removes the throw-away server, which needs no new
 * connection to a server that may already be shutting down (its process group got the runner's
 * SIGTERM); DATABASE_URL's server is left as it was.
 */
const testServer = async () => {
  const serverUrl = process.env.DATABASE_URL
  if (serverUrl) return { serverUrl, embedded: false, stop: async () => undefined }
  const dir = makeTempDataDir('obzor-pg-')
  const embedded = await startEmbeddedPostgres({ dir, port: await freePort() })
  return {
    serverUrl: embedded.serverUrl,
    embedded: true,
    stop: async () => {
      await embedded.stop({ discard: true })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * `count` fresh databases for one test run, one per worker of a runner that runs side by side.
 * With `prepare`, the first is prepared (migrated, seeded) and the others are copies of it, which
 * is much faster than preparing each. `drop` removes them all (on the throw-away server, the
 * server itself). Whoever used the databases must have closed their connections first.
 */
export const createTestDatabases = async ({
  prefix,
  count,
  prepare,
}: {
  prefix: string
  count: number
  prepare?: (url: string) => Promise<void>
}) => {
  const server = await testServer()
  const names = Array.from({ length: count }, () => uniqueDatabaseName(prefix))
  const drop = async () => {
    if (!server.embedded) {
      await Promise.all(names.map((name) => dropDatabase(server.serverUrl, name)))
    }
    await server.stop()
  }
  try {
    const [first, ...copies] = names
    await createDatabase(server.serverUrl, first)
    await prepare?.(withDatabase(server.serverUrl, first))
    for (const name of copies) {
      await createDatabase(server.serverUrl, name, { template: prepare ? first : undefined })
    }
  } catch (error) {
    await drop()
    throw error
  }
  return { urls: names.map((name) => withDatabase(server.serverUrl, name)), drop }
}

/** One fresh database for one test run (see createTestDatabases). */
export const createTestDatabase = async (prefix: string) => {
  const { urls, drop } = await createTestDatabases({ prefix, count: 1 })
  return { url: urls[0], drop }
}
