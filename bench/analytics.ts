import pg from 'pg'

import { type ResourceType, prefixOf } from '@/lib/resourceTypes'
import { DEMO_PASSWORD } from '@/seed/users'

import { createTestDatabase } from '../tests/helpers/testDatabase'

import { fillMonths, fillResourceDays, fillSiteDays, makeOwner } from './analyticsData'
import { JSON_HEADERS, type Page, analyticsMeasures } from './analyticsMeasures'
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
const { rowOf, load, measureTrack, measurePages, measureDashboard } = analyticsMeasures({
  base,
  duration: DURATION,
  connections: CONNECTIONS,
  dashboardRequests: DASHBOARD_REQUESTS,
})

const timed = async <T>(label: string, task: () => Promise<T>) => {
  const started = performance.now()
  const result = await task()
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return result
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

/** Published generated resources' pages, the busiest first (they are the ones people visit). */
const resourcePages = async (): Promise<Page[]> => {
  const { rows } = await client.query<{ id: number; type: ResourceType; slug: string }>(
    `SELECT id, type, slug FROM resources WHERE status = 'published' AND slug LIKE 'bulk-%'
     ORDER BY review_count DESC, id LIMIT ${PAGES}`,
  )
  return rows.map(({ id, type, slug }) => ({ id, path: `/en/resources/${prefixOf(type)}/${slug}` }))
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
  await timed('a year of resource days', () => fillResourceDays(client, DAYS))
  await timed('the site days', () => fillSiteDays(client))
  await timed('the finished months', () => fillMonths(client, DAYS))
  await makeOwner(client, OWNED)
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
