import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'

import type { Payload } from 'payload'
import pg from 'pg'

import { createDatabase, withDatabase } from '../../scripts/lib/databases'
import {
  type EmbeddedServer,
  makeTempDataDir,
  startEmbeddedPostgres,
} from '../../scripts/lib/embeddedPostgres'
import { APP_SERVER } from '../../scripts/lib/run'
import { FAST_PASSWORD_HASHING } from '../helpers/fastPasswords'
import { freePort } from '../helpers/testDatabase'

/**
 * A PostgreSQL this test owns (embedded, in a temporary folder, on a port of its own) that can be
 * crash-stopped (`pg_ctl stop -m immediate`: SIGQUIT to the postmaster, no checkpoint) and started
 * again on the same data, as after a crash.
 */
export const ownDatabase = async () => {
  const dir = makeTempDataDir('obzor-faults-pg-')
  const port = await freePort()
  let server: EmbeddedServer | null = await startEmbeddedPostgres({ dir, port })
  await createDatabase(server.serverUrl, 'faults')
  const url = withDatabase(server.serverUrl, 'faults')
  return {
    url,
    crash: async () => {
      await server?.stop({ discard: true })
      server = null
    },
    start: async () => {
      server ??= await startEmbeddedPostgres({ dir, port })
    },
    /** One query on a connection of its own. */
    query: async <Row extends object>(text: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        return (await client.query<Row>(text, values)).rows
      } finally {
        await client.end()
      }
    },
    remove: async () => {
      await server?.stop({ discard: true })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Fills the test's database through the Local API (which migrates it first), before the app under
 * fault starts: the accounts' passwords are hashed as the other tests hash them, a millisecond
 * each instead of 0.4 s of a core, since the app only ever sees their tokens. The app itself runs
 * with the hashing it ships with: the setting is gone before it starts. DATABASE_URL and the other
 * settings the config reads must be set already.
 */
export const fillDatabase = async <Result>(fill: (payload: Payload) => Promise<Result>) => {
  Object.assign(process.env, FAST_PASSWORD_HASHING)
  const { closePayload, startPayload } = await import('../helpers/payload')
  const payload = await startPayload()
  try {
    return await fill(payload)
  } finally {
    await closePayload(payload)
    for (const name of Object.keys(FAST_PASSWORD_HASHING)) delete process.env[name]
  }
}

/** The production server (after `npm run build`) on `databaseUrl`, its output kept. */
export const startApp = async ({
  databaseUrl,
  env,
}: {
  databaseUrl: string
  env: Record<string, string>
}) => {
  const port = await freePort()
  const child: ChildProcess = spawn('node', [...APP_SERVER, 'start', '-p', String(port)], {
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app did not start:\n${output}`)
    const ok = await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) throw new Error(`The app did not get ready:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    baseUrl,
    /** What the server has logged since it started (or since the last `clearLog`). */
    log: () => output,
    clearLog: () => {
      output = ''
    },
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      process.kill(-child.pid!, 'SIGTERM')
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    },
  }
}

export const until = async (condition: () => Promise<boolean>, ms = 15_000) => {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return true
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}
