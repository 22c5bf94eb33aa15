import { rmSync } from 'node:fs'
import { createServer } from 'node:net'

import {
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '../../scripts/lib/databases'
import { makeTempDataDir, startEmbeddedPostgres } from '../../scripts/lib/embeddedPostgres'

const freePort = () =>
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
 * throw-away embedded Postgres. `drop` removes the database (and that server) again.
 */
export const createTestDatabase = async (prefix: string) => {
  let serverUrl = process.env.DATABASE_URL
  let stopServer = async () => undefined
  if (!serverUrl) {
    const dir = makeTempDataDir('obzor-pg-')
    const embedded = await startEmbeddedPostgres({ dir, port: await freePort() })
    serverUrl = embedded.serverUrl
    stopServer = async () => {
      await embedded.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  }
  const name = uniqueDatabaseName(prefix)
  await createDatabase(serverUrl, name)
  const server = serverUrl
  return {
    url: withDatabase(server, name),
    drop: async () => {
      await dropDatabase(server, name)
      await stopServer()
    },
  }
}
