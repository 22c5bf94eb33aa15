import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { APP_SERVER, SERVER_SCRIPT, run } from '../../scripts/lib/run'

import { appPort, appUrl, ownAppIndex, secondInstancePort } from './apps'

/** Where tests/e2e/server.ts leaves the environment of the app it serves on `port`. */
export const e2eInstanceFile = (port: string) => path.join(tmpdir(), `obzor-e2e-${port}.json`)

/**
 * Where tests/e2e/server.ts leaves the pages the app on `port` sent as seeded: taken once it
 * serves, before any journey runs and writes.
 */
export const e2eSeededPagesFile = (port: string) =>
  path.join(tmpdir(), `obzor-e2e-${port}-seeded-pages.json`)

/** The addresses of the pages tests/e2e/server.ts keeps as seeded. */
export const SEEDED_PAGES = ['/en', '/']

/**
 * The HTML the worker's app sent for each of SEEDED_PAGES before any journey ran: the demo
 * content alone, whatever the files run before on this worker wrote since (the latest reviews and
 * news, the best rated).
 */
export const seededPages = () =>
  JSON.parse(readFileSync(e2eSeededPagesFile(String(appPort(ownAppIndex()))), 'utf8')) as Record<
    string,
    string
  >

/** The environment tests/e2e/server.ts gave the app of this worker. */
const ownInstance = () =>
  JSON.parse(readFileSync(e2eInstanceFile(String(appPort(ownAppIndex()))), 'utf8')) as Record<
    string,
    string
  >

/**
 * One statement on the worker's own database, as an operator with psql would run it: for what no
 * door of the app does, such as moving a scheduled job's time to now instead of waiting for it.
 */
export const queryOwnDatabase = async (text: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString: ownInstance().DATABASE_URL })
  await client.connect()
  try {
    return await client.query(text, values)
  } finally {
    await client.end()
  }
}

/**
 * Runs `script` (a TypeScript file) with `args` in a process of its own on the worker's database
 * and files, as another instance or `npm run seed` would write there; resolves with its exit code.
 * `env` adds to the app's environment.
 */
export const runAsAnotherProcess = (
  script: string,
  args: string[],
  env: Record<string, string> = {},
) => {
  const writer = run({
    command: 'node',
    args: [...SERVER_SCRIPT, script, ...args],
    env: { ...process.env, ...ownInstance(), PAYLOAD_MIGRATING: 'true', ...env },
    detached: false,
  })
  return writer.done
}

/**
 * Notifies the account of `email` from another process (tests/e2e/notifyAsAnotherProcess.ts), as
 * the worker would; resolves with its exit code. The mail's links point at the worker's app, as
 * that app's process has its address.
 */
export const notifyAsAnotherProcess = (email: string) =>
  runAsAnotherProcess('tests/e2e/notifyAsAnotherProcess.ts', [email], {
    NEXT_PUBLIC_SERVER_URL: appUrl(ownAppIndex()),
  })

/**
 * Another instance of the worker's app under test, on its own port, over the same database and
 * files: the site as it runs on several machines. `stop` ends it.
 */
export const startSecondInstance = async () => {
  const index = ownAppIndex()
  const port = secondInstancePort(index)
  const shared = ownInstance()
  const server = run({
    command: 'node',
    args: [...APP_SERVER, 'start', '-p', String(port)],
    env: {
      ...process.env,
      ...shared,
      NODE_ENV: 'production',
      NEXT_PUBLIC_SERVER_URL: `http://localhost:${port}`,
    },
  })
  const url = `http://localhost:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    const answer = await fetch(`${url}/api/health`).catch(() => null)
    if (answer?.ok) break
    if (Date.now() > deadline) {
      server.stop()
      throw new Error(`the second instance did not start on ${url}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return {
    url,
    stop: async () => {
      server.stop()
      await server.done
    },
  }
}
