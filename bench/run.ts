import { existsSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import autocannon from 'autocannon'
import pg from 'pg'

import { createTestDatabase } from '../tests/helpers/testDatabase'

import { measureAfterWrites } from './afterWrites'
import {
  LARGE_SET,
  loadFigures,
  rssOfServerMb as rssOfAppServerMb,
  saveResults,
  seedLarge as seedLargeSet,
  startServer as startAppServer,
} from './lib'
import { SEARCH_WORDS, firstVisits, listingViews, marketplacePages, resourcePaths } from './pages'

/**
 * Load benchmark against the production server (run `npm run build` first), on the large generated data
 * set (`npm run seed:large`). In one run:
 * 1. the listing page with 1,000 generated resources, then with 10,000, for the scale ratio;
 * 2. every target at 10,000 resources / 200,000 reviews, each for DURATION seconds at
 *    CONNECTIONS connections, the static build marker being the floor;
 * 3. resource pages under load while reviews are written, their pages refreshed at the next visit
 *    and in the background (bench/afterWrites.ts);
 * 4. the SQL statements each page issues on its first (uncached) visit, for small and large pages.
 * BENCH_QUICK=1 uses a tenth of the data for a fast trial.
 */
const PORT = process.env.BENCH_PORT || '3300'
const DURATION = Number(process.env.BENCH_DURATION || 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20)
const SCALE = process.env.BENCH_QUICK === '1' ? 0.1 : 1
/** Reviews written over the measurement of the minute after writes, one per resource page. */
const AFTER_WRITES = 50
const AFTER_WRITES_SECONDS = Number(process.env.BENCH_AFTER_WRITES_SECONDS || 60)
const base = `http://localhost:${PORT}`

const database = await createTestDatabase('bench')
// One instance with its own page cache in memory: a page cache in Redis (REDIS_URL) would outlive
// the restarts that empty it between measurements. BENCH_REDIS_URL measures the shared one.
const env = {
  ...process.env,
  DATABASE_URL: database.url,
  PAYLOAD_SECRET: 'bench-secret',
  REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
}
const client = new pg.Client({ connectionString: database.url })

const seedLarge = (counts: { users: number; resources: number; reviews: number }) =>
  seedLargeSet({ env, client, counts, scale: SCALE })

const startServer = ({ countQueries = false } = {}) =>
  startAppServer({
    port: PORT,
    env: {
      ...env,
      ...(countQueries
        ? {
            NODE_OPTIONS: `--require ${join(import.meta.dirname, 'count-queries.cjs')}`,
            BENCH_QUERY_COUNT_FILE: COUNT_FILE,
            // Only what the pages send: the job queue's polls (every second) would be counted
            // with whichever page they fell beside.
            JOBS_AUTORUN: 'false',
          }
        : {}),
    },
  })

const rssOfServerMb = () => rssOfAppServerMb(PORT)

type Target = {
  name: string
  path: string
  method?: 'GET' | 'POST'
  body?: string
  /** Each request takes the next of these instead of `path`: every visit a first one. */
  paths?: string[]
}

const measure = async (target: Target) => {
  let next = 0
  const options = {
    url: `${base}${target.path}`,
    method: target.method ?? 'GET',
    body: target.body,
    headers: target.body ? { 'content-type': 'application/json' } : undefined,
    ...(target.paths && {
      requests: [
        {
          setupRequest: <R>(request: R) => ({
            ...request,
            path: target.paths![next++ % target.paths!.length],
          }),
        },
      ],
    }),
  }
  // Warm-up, so compilation caches and the pool are not measured.
  await autocannon({ ...options, connections: 4, amount: 50 })
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION })
  const row = {
    name: target.name,
    path: target.path,
    ...loadFigures(result),
  }
  console.log(row)
  return row
}

/**
 * SQL statements one request makes: the server runs with bench/count-queries.cjs preloaded,
 * which counts every query its pg clients send into COUNT_FILE.
 */
const COUNT_FILE = join(tmpdir(), `bench-queries-${process.pid}`)
const queriesSoFar = () => (existsSync(COUNT_FILE) ? Number(readFileSync(COUNT_FILE, 'utf8')) : 0)
const statementsOf = async (target: Target) => {
  const before = queriesSoFar()
  const response = await fetch(`${base}${target.path}`, {
    method: target.method ?? 'GET',
    body: target.body,
    headers: target.body ? { 'content-type': 'application/json' } : undefined,
  })
  await response.arrayBuffer()
  return {
    name: target.name,
    path: target.path,
    status: response.status,
    statements: queriesSoFar() - before,
  }
}

let server: Awaited<ReturnType<typeof startServer>> | null = null
try {
  await client.connect()

  // 1. The listing page at two sizes of the directory.
  const listing: Target = { name: 'listing', path: '/en/resources/marketplaces' }
  await seedLarge({ users: 2_000, resources: 1_000, reviews: 20_000 })
  server = await startServer()
  const small = await measure({ ...listing, name: 'listing at 1,000 resources' })
  const smallFirst = await firstVisits(
    base,
    'listing first visits at 1,000',
    listingViews(Math.min(15, await marketplacePages(client))),
  )
  server.stop()
  await server.done

  await seedLarge(LARGE_SET)
  server = await startServer()
  const large = await measure({ ...listing, name: 'listing at 10,000 resources' })
  const largeFirst = await firstVisits(
    base,
    'listing first visits at 10,000',
    listingViews(Math.min(15, await marketplacePages(client))),
  )

  // 2. Every target on the large data set.
  const { rows } = await client.query<{ slug: string; review_count: string }>(
    `SELECT slug, review_count FROM resources WHERE type = 'marketplace' AND status = 'published'
     AND slug LIKE 'bulk-%' ORDER BY review_count DESC`,
  )
  const popular = rows[0]
  const quiet =
    rows.find((row) => Number(row.review_count) > 0 && Number(row.review_count) < 10) ??
    rows.at(-1)!
  const targets: Target[] = [
    { name: 'static build marker', path: '/build-id.json' },
    { name: 'home', path: '/en' },
    listing,
    { name: 'listing, page 5', path: '/en/resources/marketplaces?page=5' },
    {
      name: `resource page (${popular.review_count} reviews)`,
      path: `/en/resources/marketplaces/${popular.slug}`,
    },
    {
      name: 'listing views, each visit a first one',
      path: listing.path,
      // Past the pages the first visits above have already seen.
      paths: listingViews(await marketplacePages(client)).filter(
        (path) => !/page=([1-9]|1[0-5])$/.test(path),
      ),
    },
    {
      name: 'resource pages, each visit a first one',
      path: listing.path,
      paths: await resourcePaths(client),
    },
    // The same query again and again: its view is served from the page cache after the first.
    { name: 'search', path: '/en/search?q=crypto%20bazar' },
    {
      name: 'search, every query a new one',
      path: '/en/search?q=crypto',
      paths: Array.from(
        { length: 5_000 },
        (_, i) =>
          `/en/search?q=${encodeURIComponent(`${SEARCH_WORDS[i % SEARCH_WORDS.length]} ${i}`)}`,
      ),
    },
    { name: 'get-last-reviews', path: '/api/get-last-reviews', method: 'POST', body: '{}' },
    { name: 'Payload REST resources', path: '/api/resources?limit=20&depth=1' },
  ]
  const results = []
  for (const target of targets) results.push(await measure(target))

  // 3. The minute after writes, both ways a write may refresh the pages it touches.
  const afterWrites = []
  for (const [index, refresh] of (['now', 'background'] as const).entries()) {
    afterWrites.push(
      await measureAfterWrites({
        base,
        client,
        refresh,
        writes: AFTER_WRITES,
        seconds: AFTER_WRITES_SECONDS,
        connections: CONNECTIONS,
        skip: index * AFTER_WRITES,
      }),
    )
  }

  // 4. SQL statements per first visit: a page must not issue more as it or the data grows.
  server.stop()
  await server.done
  server = await startServer({ countQueries: true })
  // Payload starts at the first request that needs it: a page not counted below.
  await (await fetch(`${base}/en/resources/forums`)).arrayBuffer()
  const statements = []
  for (const target of [
    { name: 'listing, page 1', path: '/en/resources/shops' },
    { name: 'listing, page 40', path: '/en/resources/shops?page=40' },
    {
      name: `resource with ${popular.review_count} reviews`,
      path: `/en/resources/marketplaces/${popular.slug}`,
    },
    {
      name: `resource with ${quiet.review_count} reviews`,
      path: `/en/resources/marketplaces/${quiet.slug}`,
    },
    {
      name: 'resource reviews, page 30',
      path: `/en/resources/marketplaces/${popular.slug}?page=30`,
    },
    { name: 'search', path: '/en/search?q=golden' },
  ]) {
    statements.push(await statementsOf(target))
  }

  const floor = results[0]
  const report = {
    date: new Date().toISOString(),
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    scale: SCALE,
    serverRssMb: rssOfServerMb(),
    listingScale: {
      p97_5At1000: small.p97_5,
      p97_5At10000: large.p97_5,
      ratio: Number((large.p97_5 / Math.max(small.p97_5, 1)).toFixed(2)),
      firstVisitP95At1000: smallFirst.p95,
      firstVisitP95At10000: largeFirst.p95,
      firstVisitRatio: Number((largeFirst.p95 / Math.max(smallFirst.p95, 1)).toFixed(2)),
    },
    rows: results.map((row) => ({
      ...row,
      p97_5VsStatic: Number((row.p97_5 / Math.max(floor.p97_5, 1)).toFixed(1)),
    })),
    afterWrites: afterWrites.map((row) => ({
      ...row,
      p97_5VsStatic: Number((row.p97_5 / Math.max(floor.p97_5, 1)).toFixed(1)),
    })),
    statements,
  }
  saveResults('latest', report)
  console.table(report.rows)
  console.table(report.afterWrites)
  console.table(report.statements)
  console.log('listing p97.5, 10,000 vs 1,000 resources:', report.listingScale)
  console.log(`Server RSS after the run: ${report.serverRssMb} MB`)
} finally {
  server?.stop()
  await server?.done
  await client.end()
  await database.drop()
}
process.exit(0)
