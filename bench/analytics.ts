import autocannon from 'autocannon'
import pg from 'pg'

import { type ResourceType, prefixOf } from '@/lib/resourceTypes'
import { DEMO_PASSWORD } from '@/seed/users'

import { createTestDatabase } from '../tests/helpers/testDatabase'

import { percentile, rssOfServerMb, saveResults, seedLarge, startServer } from './lib'

/**
 * `npm run bench:analytics` (after `npm run build`): what analytics costs, against the production
 * server, on the large generated data set with a year of daily analytics rows for every resource
 * (10,000 resources: 3.65 million rows). In one run:
 * 1. `POST /api/track` at CONNECTIONS connections against the static build marker;
 * 2. cached pages with tracking off (the page alone) and on (each page followed by its track
 *    call, as the browser sends it), in pages served per second, BENCH_ROUNDS (3) turns each;
 * 3. the dashboards, one request at a time and DASHBOARD_CONCURRENCY at once: the 20-resource
 *    owner's `GET /api/analytics`, the admin's over every resource, and `GET /api/site-analytics`.
 * BENCH_QUICK=1 uses a tenth of the data. Results: bench/results/analytics.json.
 */
const PORT = process.env.BENCH_PORT || '3330'
const DURATION = Number(process.env.BENCH_DURATION || 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20)
const SCALE = process.env.BENCH_QUICK === '1' ? 0.1 : 1
const DASHBOARD_REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS || 200)
const DASHBOARD_CONCURRENCY = Number(process.env.BENCH_DASHBOARD_CONCURRENCY || 20)
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3)
const DAYS = 365
const OWNED = 20
const PAGES = 50
const base = `http://localhost:${PORT}`

/** A browser's User-Agent: the track call counts nothing from agents that look like bots. */
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const JSON_HEADERS = { 'content-type': 'application/json', 'user-agent': BROWSER }

const database = await createTestDatabase('bench_analytics')
// Every request of the bench comes from one address (loopback): the track call's per-address cap
// (120 a minute) would refuse nearly all of them, so it is lifted. The in-memory counters are
// measured (one instance); REDIS_URL is dropped unless BENCH_REDIS_URL names a Redis server.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: database.url,
  PAYLOAD_SECRET: 'bench-secret',
  ANALYTICS_ADDRESS_CAP: '1000000000',
  REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
}
const client = new pg.Client({ connectionString: database.url })

const timed = async <T>(label: string, task: () => Promise<T>) => {
  const started = performance.now()
  const result = await task()
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return result
}

/**
 * A year of plausible daily rows for every resource, in one statement: each resource gets a
 * popularity (a power law: a few get hundreds of views a day, most a handful), each day varies
 * around it; clicks, favorites, reviews and their grades, votes and reports follow the views.
 */
const fillResourceDays = () =>
  client.query(`
    WITH popularity AS MATERIALIZED (
      SELECT id, 1 + 400 * power(random(), 4) AS level FROM resources
    ), base AS (
      SELECT p.id, d::date AS day, floor(p.level * (0.3 + 1.4 * random()))::int AS views,
             random() AS a, random() AS b
      FROM popularity p
      CROSS JOIN generate_series(
        (now() AT TIME ZONE 'UTC')::date - ${DAYS - 1}, (now() AT TIME ZONE 'UTC')::date, interval '1 day'
      ) AS d
      -- Day after day, as the flushes write them: a day's rows lie together, as in production.
      ORDER BY d, p.id
    ), counted AS (
      SELECT *, floor(views * b / 60)::int AS reviews FROM base
    )
    INSERT INTO analytics_resource_days (resource_id, day, views, visitors, site_clicks,
      mirror_clicks, favorites_added, favorites_removed, reviews, grade_1, grade_2, grade_3,
      grade_4, grade_5, helpful_votes, reports)
    SELECT id, day, views, floor(views * (0.55 + 0.35 * a))::int, floor(views * 0.12 * b)::int,
           floor(views * 0.03 * a)::int, floor(views * 0.02 * a)::int, floor(views * 0.005 * b)::int,
           reviews, floor(reviews * 0.05)::int, floor(reviews * 0.07)::int, floor(reviews * 0.13)::int,
           floor(reviews * 0.3)::int,
           reviews - floor(reviews * 0.05)::int - floor(reviews * 0.07)::int
             - floor(reviews * 0.13)::int - floor(reviews * 0.3)::int,
           floor(reviews * 2 * a)::int, (a < 0.01)::int
    FROM counted`)

/**
 * The site's days of the same year: views, visitors and clicks are the resources' sums (as the
 * flushes add them), registrations and reviews what the generated data holds; the rest (comments,
 * chat, tickets, verification and their times) plausible random figures, as the roll-up job
 * would store them.
 */
const fillSiteDays = () =>
  client.query(`
    WITH traffic AS (
      SELECT day, sum(views)::int AS views, sum(visitors)::int AS visitors,
             sum(site_clicks + mirror_clicks)::int AS clicks
      FROM analytics_resource_days GROUP BY day
    ), joined AS (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM users GROUP BY 1
    ), reviewed AS (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM reviews GROUP BY 1
    )
    INSERT INTO analytics_site_days (day, registrations, active_users, reviews, comments,
      chat_messages, resources_by_type, resources_by_status, tickets_opened, tickets_open,
      first_answer_seconds, verification_by_status, decision_seconds, views, visitors, clicks,
      built_at)
    SELECT t.day, coalesce(j.n, 0), 200 + floor(random() * 400)::int, coalesce(r.n, 0),
           floor(random() * 80)::int, floor(random() * 300)::int,
           jsonb_build_object('marketplace', floor(random() * 4), 'shop', floor(random() * 6),
             'forum', floor(random() * 2), 'exchanger', floor(random() * 3)),
           jsonb_build_object('pending', floor(random() * 5), 'published', floor(random() * 10),
             'rejected', floor(random() * 2)),
           floor(random() * 12)::int, 5 + floor(random() * 20)::int,
           ARRAY(SELECT 600 + floor(random() * 30000)::int FROM generate_series(1, 1 + (t.day - '2000-01-01'::date) % 8)),
           jsonb_build_object('pending', floor(random() * 3), 'approved', floor(random() * 3),
             'rejected', floor(random() * 2)),
           ARRAY(SELECT 3600 + floor(random() * 200000)::int FROM generate_series(1, (t.day - '2000-01-01'::date) % 4)),
           t.views, t.visitors, t.clicks, now()
    FROM traffic t LEFT JOIN joined j USING (day) LEFT JOIN reviewed r USING (day)`)

/**
 * The finished months' sums per resource, as the roll-up job builds them (rollUpResourceMonths):
 * every month of the year that ended two days ago or earlier, marked built.
 */
const fillMonths = () =>
  client.query(`
    WITH months AS (
      SELECT m::date AS month FROM generate_series(
        date_trunc('month', (now() AT TIME ZONE 'UTC')::date - ${DAYS}),
        date_trunc('month', (now() AT TIME ZONE 'UTC')::date - 2) - interval '1 month',
        interval '1 month') AS m
    ), marked AS (
      INSERT INTO analytics_months_built (month) SELECT month FROM months RETURNING month
    )
    INSERT INTO analytics_resource_months (resource_id, month, views, reviews)
    SELECT resource_id, date_trunc('month', day)::date, sum(views), sum(reviews)
    FROM analytics_resource_days
    WHERE date_trunc('month', day)::date IN (SELECT month FROM marked)
    GROUP BY 1, 2`)

/** An owner account (verified, the demo password) given the first OWNED published generated resources. */
const makeOwner = async () => {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO users (username, email, display_name, name, role, status, two_factor, auth_provider, hash, salt, created_at, updated_at)
     SELECT 'bench-owner', 'bench-owner@example.com', 'Bench Owner', 'Bench Owner', 'owner', 'verified',
            'none', 'email', hash, salt, now(), now()
     FROM users WHERE username = 'user' RETURNING id`,
  )
  const owner = rows[0].id
  const owned = await client.query(
    `UPDATE resources SET owner_id = $1 WHERE id IN (
       SELECT id FROM resources WHERE slug LIKE 'bulk-%' AND status = 'published' ORDER BY id LIMIT ${OWNED})`,
    [owner],
  )
  if (owned.rowCount !== OWNED) throw new Error(`the owner got ${owned.rowCount} resources`)
}

const signIn = async (login: string) => {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ login, password: DEMO_PASSWORD }),
  })
  const body = (await response.json()) as { user?: { token?: string } }
  if (!body.user?.token) throw new Error(`${login} could not sign in (${response.status})`)
  return body.user.token
}

type Page = { id: number; path: string }

/** Published generated resources' pages, the busiest first (they are the ones people visit). */
const resourcePages = async (): Promise<Page[]> => {
  const { rows } = await client.query<{ id: number; type: ResourceType; slug: string }>(
    `SELECT id, type, slug FROM resources WHERE status = 'published' AND slug LIKE 'bulk-%'
     ORDER BY review_count DESC, id LIMIT ${PAGES}`,
  )
  return rows.map(({ id, type, slug }) => ({ id, path: `/en/resources/${prefixOf(type)}/${slug}` }))
}

const trackBody = (id: number) => JSON.stringify({ resource_id: id, event: 'view' })

const rowOf = (name: string, result: autocannon.Result) => {
  const row = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    // With the warm-up's.
    answered2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
  }
  console.log(row)
  return row
}

/** autocannon for DURATION seconds at CONNECTIONS, after a short warm-up. */
const load = async (options: autocannon.Options) => {
  const warmUp = await autocannon({ ...options, connections: 4, amount: 50 })
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION })
  return Object.assign(result, { '2xx': result['2xx'] + warmUp['2xx'] })
}

/** The track call, each request a view of the next of `ids`. */
const measureTrack = async (ids: number[]) => {
  let next = 0
  const result = await load({
    url: `${base}/api/track`,
    method: 'POST',
    headers: JSON_HEADERS,
    requests: [
      { setupRequest: (request) => ({ ...request, body: trackBody(ids[next++ % ids.length]) }) },
    ],
  })
  return rowOf('POST /api/track (a view)', result)
}

/**
 * Pages served per second, each connection requesting `pages` in turn; with `tracked`, each page
 * is followed on the same connection by its view's track call, as the browser sends it once the
 * page has loaded. Only the pages' 200s are counted: what tracking costs is the pages it displaces.
 */
const measurePages = async (name: string, pages: Page[], tracked: boolean) => {
  let next = 0
  let served = 0
  const pageRequest: autocannon.Request = {
    method: 'GET',
    headers: { 'user-agent': BROWSER },
    setupRequest: (request, context) => {
      const page = pages[next++ % pages.length]
      Object.assign(context, { page })
      return { ...request, path: page.path }
    },
    onResponse: (status) => {
      if (status === 200) served += 1
    },
  }
  const trackRequest: autocannon.Request = {
    method: 'POST',
    path: '/api/track',
    headers: JSON_HEADERS,
    setupRequest: (request, context) => ({
      ...request,
      body: trackBody((context as { page: Page }).page.id),
    }),
  }
  const options = { url: base, requests: tracked ? [pageRequest, trackRequest] : [pageRequest] }
  await autocannon({ ...options, connections: 4, amount: 50 })
  served = 0
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION })
  const row = {
    name,
    tracking: tracked ? 'on' : 'off',
    pagesPerSecond: Math.round(served / DURATION),
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    non2xx: result.non2xx,
    errors: result.errors,
  }
  console.log(row)
  return row
}

/**
 * A dashboard call's latency: DASHBOARD_REQUESTS requests `concurrency` at a time (after five
 * alone), p50 and p95 from every request's time.
 */
const measureDashboard = async (name: string, path: string, token: string, concurrency: number) => {
  const call = async () => {
    const start = performance.now()
    const response = await fetch(`${base}${path}`, { headers: { Authorization: `JWT ${token}` } })
    const body = await response.text()
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`)
    return { ms: performance.now() - start, bytes: body.length }
  }
  for (let i = 0; i < 5; i += 1) await call()
  const times: number[] = []
  let bytes = 0
  let left = DASHBOARD_REQUESTS
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) {
        const outcome = await call()
        times.push(outcome.ms)
        bytes = outcome.bytes
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  const row = {
    name,
    path,
    concurrency,
    requests: times.length,
    perSecond: Number((times.length / seconds).toFixed(1)),
    p50: Math.round(percentile(times, 50)),
    p95: Math.round(percentile(times, 95)),
    max: Math.round(times.at(-1) ?? 0),
    kb: Math.round(bytes / 1024),
  }
  console.log(row)
  return row
}

/** The views counted today so far (the flushes write them every ANALYTICS_FLUSH_SECONDS). */
const viewsToday = async () =>
  Number(
    (
      await client.query<{ n: string }>(
        `SELECT coalesce(sum(views), 0) AS n FROM analytics_resource_days
         WHERE day = (now() AT TIME ZONE 'UTC')::date`,
      )
    ).rows[0].n,
  )

let server: Awaited<ReturnType<typeof startServer>> | null = null
try {
  await client.connect()
  await seedLarge({ env, client, scale: SCALE })
  // The year's generated figures replace the few the demo seed's writes counted.
  await client.query(
    'DELETE FROM analytics_resource_days; DELETE FROM analytics_site_days; DELETE FROM analytics_resource_months; DELETE FROM analytics_months_built',
  )
  await timed('a year of resource days', fillResourceDays)
  await timed('the site days', fillSiteDays)
  await timed('the finished months', fillMonths)
  await makeOwner()
  // What autovacuum does after so many inserts (it is off on some servers): statistics, and the
  // visibility map that lets the day index answer the top lists alone (an index-only scan).
  await timed('vacuum analyze', () => client.query('VACUUM ANALYZE'))
  const { rows: sizes } = await client.query<{ rows: number; resources: number; mb: number }>(
    `SELECT (SELECT count(*) FROM analytics_resource_days)::int AS rows,
            (SELECT count(*) FROM resources)::int AS resources,
            (pg_total_relation_size('analytics_resource_days') / 1048576)::int AS mb`,
  )
  console.log('analytics_resource_days:', sizes[0])

  server = await startServer({ port: PORT, env })
  const ownerToken = await signIn('bench-owner')
  const adminToken = await signIn('admin')
  const pages = await resourcePages()
  for (const page of [...pages, { id: 0, path: '/en' }]) {
    const response = await fetch(`${base}${page.path}`)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${page.path} answered ${response.status}`)
  }

  const ratio = (a: number, b: number) => Number((a / Math.max(b, 1)).toFixed(2))

  // 1. The track call against the static file.
  const staticRow = rowOf(
    'static build marker /build-id.json',
    await load({ url: `${base}/build-id.json` }),
  )
  const counted = await viewsToday()
  const trackRow = await measureTrack(pages.map((page) => page.id))
  await new Promise((resolve) => setTimeout(resolve, 7_000)) // one flush (5 s) and its write
  const flushedViews = (await viewsToday()) - counted

  // 2. Cached pages, tracking off and on, in turns (the machine's speed drifts), the median of each.
  const home = [{ id: pages[0].id, path: '/en' }]
  const pageRows = []
  for (const [name, list] of [
    [`resource pages (${pages.length}, cached)`, pages],
    ['home /en (cached; it sends no track call itself: an upper bound)', home],
  ] as const) {
    const off: number[] = []
    const on: number[] = []
    for (let round = 0; round < ROUNDS; round += 1) {
      off.push((await measurePages(name, list, false)).pagesPerSecond)
      on.push((await measurePages(name, list, true)).pagesPerSecond)
    }
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      )
    pageRows.push({
      name,
      off: median(off),
      on: median(on),
      onVsOff: ratio(median(on), median(off)),
      offRounds: off,
      onRounds: on,
    })
  }

  // 3. The dashboards.
  const dashboards = [
    { name: `owner of ${OWNED}, 30 days`, path: '/api/analytics?range=30d', token: ownerToken },
    { name: `owner of ${OWNED}, 12 months`, path: '/api/analytics?range=12m', token: ownerToken },
    { name: 'admin, every resource, 30 days', path: '/api/analytics?range=30d', token: adminToken },
    {
      name: 'admin, every resource, 12 months',
      path: '/api/analytics?range=12m',
      token: adminToken,
    },
    { name: 'admin, site, 30 days', path: '/api/site-analytics?range=30d', token: adminToken },
    { name: 'admin, site, 12 months', path: '/api/site-analytics?range=12m', token: adminToken },
  ]
  const dashboardRows: Awaited<ReturnType<typeof measureDashboard>>[] = []
  for (const concurrency of [1, DASHBOARD_CONCURRENCY]) {
    for (const { name, path, token } of dashboards) {
      dashboardRows.push(await measureDashboard(name, path, token, concurrency))
    }
  }

  const report = {
    date: new Date().toISOString(),
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    scale: SCALE,
    data: sizes[0],
    track: {
      static: staticRow,
      track: trackRow,
      requestsPerSecondVsStatic: ratio(trackRow.requestsPerSecond, staticRow.requestsPerSecond),
      p97_5VsStatic: ratio(trackRow.p97_5, staticRow.p97_5),
      // The views counted should be these, and up to CONNECTIONS more: those under way when
      // autocannon stopped were answered after it stopped counting.
      viewsAnswered: trackRow.answered2xx,
      viewsFlushed: flushedViews,
    },
    pages: pageRows,
    dashboards: dashboardRows,
    serverRssMb: rssOfServerMb(PORT),
  }
  saveResults('analytics', report)
  console.log(report.track)
  console.table(report.pages)
  console.table(report.dashboards)
  console.log(`Server RSS after the run: ${report.serverRssMb} MB`)
} finally {
  server?.stop()
  await server?.done
  await client.end()
  if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`Database kept: ${database.url}`)
  else await database.drop()
}
process.exit(0)
