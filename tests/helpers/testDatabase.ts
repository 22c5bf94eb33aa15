import { rmSync } from 'node:fs'
import { createServer } from 'node:net'

import {
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '../../scripts/lib/databases'
import { makeTempDataDir, startEmbeddedPostgres } from '../../scripts/lib/embeddedPostgres'

/** A TCP port nothing listens on now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/**
 * A fresh database for one test run, on the server DATABASE_URL names or, without it, on a
 * throw-away embedded Postgres. `drop` removes the database again; on the throw-away server it
 * stops the server and removes its folder instead, which needs no new connection to a server
 * that may already be shutting down (its process group got the runner's SIGTERM).
 * Whoever used the database must have closed its connections first.
 */
export const createTestDatabase = async (prefix: string) => {
  const name = uniqueDatabaseName(prefix)
  const serverUrl = process.env.DATABASE_URL
  if (serverUrl) {
    await createDatabase(serverUrl, name)
    return {
      url: withDatabase(serverUrl, name),
      drop: () => dropDatabase(serverUrl, name),
    }
  }
  const dir = makeTempDataDir('obzor-pg-')
  const embedded = await startEmbeddedPostgres({ dir, port: await freePort() })
  await createDatabase(embedded.serverUrl, name)
  return {
    url: withDatabase(embedded.serverUrl, name),
    drop: async () => {
      await embedded.stop({ discard: true })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
