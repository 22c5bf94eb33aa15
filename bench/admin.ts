import { existsSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { type Browser, chromium } from '@playwright/test'
import pg from 'pg'

import { DEMO_PASSWORD } from '@/seed/users'

import { createTestDatabase } from '../tests/helpers/testDatabase'

import { percentile, saveResults, seedLarge, startServer } from './lib'

/**
 * `npm run bench:admin` (after `npm run build`): how long the staff's admin screens take on the
 * production server with the large generated data set (10,000 resources, 200,000 reviews), warm:
 * each screen is asked twice first, then ROUNDS times one after another, as a signed-in editor or
 * admin asks it (the whole document: Payload renders the admin on the server). For each screen:
 * the median and 90th percentile in ms, its weight, and the SQL statements one request makes (the
 * server runs with bench/count-queries.cjs preloaded). Then the same screens in Chromium (Debian's,
 * at 1366 px), warm, BROWSER_ROUNDS times each: until the load event, and until the screen's
 * own requests are over (no request for QUIET_MS: the edit views check their form on the server
 * after they load). BENCH_QUICK=1 uses a tenth of the data. Results: bench/results/admin.json.
 */
const PORT = process.env.BENCH_PORT || '3340'
const ROUNDS = Number(process.env.BENCH_ROUNDS || 15)
const SCALE = process.env.BENCH_QUICK === '1' ? 0.1 : 1
const base = `http://localhost:${PORT}`
const BROWSER_ROUNDS = Number(process.env.BENCH_BROWSER_ROUNDS || 5)
const QUIET_MS = 500
const COUNT_FILE = join(tmpdir(), `bench-admin-queries-${process.pid}`)

const database = await createTestDatabase('bench_admin')
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: database.url,
  PAYLOAD_SECRET: 'bench-secret',
  REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
}
const client = new pg.Client({ connectionString: database.url })

const signIn = async (login: string) => {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: DEMO_PASSWORD }),
  })
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
  if (response.status !== 200 || !session.length) {
    throw new Error(`${login} could not sign in (${response.status})`)
  }
  return [...session, 'payload-lng=ru'].join('; ')
}

const queriesSoFar = () => (existsSync(COUNT_FILE) ? Number(readFileSync(COUNT_FILE, 'utf8')) : 0)

const ask = async (path: string, cookie: string) => {
  const started = performance.now()
  const response = await fetch(`${base}${path}`, {
    // As a browser navigates: Payload takes the session cookie from a request that says where
    // it comes from.
    headers: { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
    redirect: 'manual',
  })
  const body = await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
  // A screen the account may not see answers 200 too, with a redirect to the admin's login.
  if (Buffer.from(body).includes('NEXT_REDIRECT')) throw new Error(`${path}: not signed in`)
  return { ms: performance.now() - started, bytes: body.byteLength }
}

const measure = async ({ name, path, cookie }: { name: string; path: string; cookie: string }) => {
  await ask(path, cookie)
  await ask(path, cookie)
  const before = queriesSoFar()
  const one = await ask(path, cookie)
  const statements = queriesSoFar() - before
  const times = [one.ms]
  for (let round = 1; round < ROUNDS; round += 1) times.push((await ask(path, cookie)).ms)
  times.sort((a, b) => a - b)
  const row = {
    name,
    path,
    medianMs: Math.round(percentile(times, 50)),
    p90Ms: Math.round(percentile(times, 90)),
    kB: Math.round(one.bytes / 1024),
    statements,
  }
  console.log(
    `${name.padEnd(34)} median ${String(row.medianMs).padStart(5)} ms  p90 ${String(row.p90Ms).padStart(5)} ms  ${String(row.kB).padStart(4)} kB  ${statements} statements`,
  )
  return row
}

type Screen = { name: string; path: string; cookie: string }

/** The browser's times for one screen, warm: to its load event and to its last request. */
const measureInBrowser = async (browser: Browser, { name, path, cookie }: Screen) => {
  const context = await browser.newContext({
    locale: 'ru-RU',
    viewport: { width: 1366, height: 900 },
  })
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [cookieName, ...value] = pair.split('=')
      return { name: cookieName, value: value.join('='), url: base }
    }),
  )
  const page = await context.newPage()
  let lastRequestAt = 0
  page.on('requestfinished', () => (lastRequestAt = performance.now()))
  page.on('requestfailed', () => (lastRequestAt = performance.now()))
  const visit = async () => {
    const started = performance.now()
    lastRequestAt = started
    await page.goto(`${base}${path}`, { waitUntil: 'load' })
    const loaded = performance.now() - started
    while (performance.now() - lastRequestAt < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    if (page.url().includes('/login')) throw new Error(`${path}: not signed in`)
    return { loaded, quiet: lastRequestAt - started }
  }
  await visit()
  await visit()
  const visits = []
  for (let round = 0; round < BROWSER_ROUNDS; round += 1) visits.push(await visit())
  await context.close()
  const median = (values: number[]) =>
    Math.round(
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      ),
    )
  const row = {
    name,
    loadMs: median(visits.map((visit) => visit.loaded)),
    quietMs: median(visits.map((visit) => visit.quiet)),
  }
  console.log(
    `${name.padEnd(34)} load ${String(row.loadMs).padStart(5)} ms  requests over ${String(row.quietMs).padStart(5)} ms`,
  )
  return row
}

await client.connect()
let server: Awaited<ReturnType<typeof startServer>> | undefined
try {
  await seedLarge({ env, client, scale: SCALE })
  const { rows: resources } = await client.query<{ id: number }>(
    'SELECT id FROM resources ORDER BY id DESC LIMIT 1',
  )
  const { rows: news } = await client.query<{ id: number }>(
    'SELECT id FROM news ORDER BY id DESC LIMIT 1',
  )
  server = await startServer({
    port: PORT,
    env: {
      ...env,
      BENCH_QUERY_COUNT_FILE: COUNT_FILE,
      NODE_OPTIONS: `--require ${join(import.meta.dirname, 'count-queries.cjs')}`,
    },
  })
  const admin = await signIn('admin')
  const editor = await signIn('editor')
  const screens: Screen[] = [
    { name: 'admin: dashboard', path: '/admin', cookie: admin },
    { name: 'admin: resources list', path: '/admin/collections/resources', cookie: admin },
    {
      name: 'admin: a resource',
      path: `/admin/collections/resources/${resources[0].id}`,
      cookie: admin,
    },
    { name: 'admin: reviews list', path: '/admin/collections/reviews', cookie: admin },
    { name: 'admin: users list', path: '/admin/collections/users', cookie: admin },
    { name: 'editor: dashboard', path: '/admin', cookie: editor },
    { name: 'editor: news list', path: '/admin/collections/news', cookie: editor },
    { name: 'editor: a news item', path: `/admin/collections/news/${news[0].id}`, cookie: editor },
    { name: 'editor: new news item', path: '/admin/collections/news/create', cookie: editor },
    { name: 'editor: scheduled', path: '/admin/scheduled-publications', cookie: editor },
  ]
  const rows = []
  for (const screen of screens) rows.push(await measure(screen))
  console.log(`\nIn Chromium, median of ${BROWSER_ROUNDS}:`)
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
  const browserRows = []
  try {
    for (const screen of screens) browserRows.push(await measureInBrowser(browser, screen))
  } finally {
    await browser.close()
  }
  saveResults('admin', {
    rounds: ROUNDS,
    browserRounds: BROWSER_ROUNDS,
    scale: SCALE,
    rows,
    browserRows,
  })
} finally {
  server?.stop()
  await client.end()
  await database.drop()
  rmSync(COUNT_FILE, { force: true })
}
