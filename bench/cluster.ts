import autocannon from 'autocannon'
import pg from 'pg'

import { prefixOf } from '@/lib/resourceTypes'

import { type Cluster, startBalancerProcess, startCluster } from '../scripts/lib/cluster'
import { startOwnRedis } from '../scripts/lib/ownRedis'
import { freePort } from '../scripts/lib/ports'
import { createTestDatabase } from '../tests/helpers/testDatabase'

import { LARGE_SET, saveResults, seedLarge } from './lib'

/**
 * `npm run bench:cluster` (after `npm run build`): one instance against two behind the local
 * balancer (scripts/lib/cluster.ts), each with the page cache in memory and in Redis, on the large
 * generated data set, in one run. For each of the four set-ups:
 * - cached pages: PAGES resource pages, requested over and over (each already rendered once);
 * - first visits: resource pages nobody has asked for yet, each requested once (a render each,
 *   and, with the shared cache, one more write to Redis).
 * Each set-up gets resources of its own for its first visits. BENCH_QUICK=1 uses a tenth of the
 * data. Results: bench/results/cluster.json.
 */
const DURATION = Number(process.env.BENCH_DURATION || 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20)
const SCALE = process.env.BENCH_QUICK === '1' ? 0.1 : 1
const PAGES = 50

const database = await createTestDatabase('bench_cluster')
const client = new pg.Client({ connectionString: database.url })
await client.connect()
const env: Record<string, string> = { PAYLOAD_SECRET: 'bench-secret' }

await seedLarge({
  env: { ...process.env, ...env, DATABASE_URL: database.url },
  client,
  counts: { ...LARGE_SET, reviews: 100_000 },
  scale: SCALE,
})
const { rows } = await client.query<{ type: Parameters<typeof prefixOf>[0]; slug: string }>(
  `SELECT type, slug FROM resources WHERE status = 'published' AND slug LIKE 'bulk-%' ORDER BY id`,
)
const paths = rows.map(({ type, slug }) => `/en/resources/${prefixOf(type)}/${slug}`)
let unvisited = paths.slice(PAGES)

type Row = Record<string, string | number>

/** The database's connections now: all of them, and those running a statement. */
const connections = async () => {
  const {
    rows: [row],
  } = await client.query<{ open: number; busy: number }>(
    `SELECT count(*)::int AS open, (count(*) FILTER (WHERE state = 'active'))::int - 1 AS busy
     FROM pg_stat_activity WHERE datname = current_database()`,
  )
  return row
}

/**
 * autocannon over `pathOf(n)` for the n-th request, DURATION s at CONNECTIONS, with the most
 * database connections open and busy at once (sampled every 100 ms; the bench's own excluded).
 */
const load = async (base: string, pathOf: () => string) => {
  let open = 0
  let busy = 0
  const sampling = setInterval(() => {
    void connections().then((now) => {
      open = Math.max(open, now.open - 1)
      busy = Math.max(busy, now.busy)
    })
  }, 100)
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pathOf() }) }],
  })
  clearInterval(sampling)
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    non2xx: result.non2xx,
    errors: result.errors,
    databaseConnectionsOpen: open,
    databaseConnectionsBusy: busy,
  }
}

const measure = async (setup: string, cluster: Cluster, base: string): Promise<Row[]> => {
  const cached = paths.slice(0, PAGES)
  // Every cached page rendered once (on each instance, when their caches are their own).
  for (const path of cached) {
    for (const web of cluster.webs) await fetch(`${web.url}${path}`).then((r) => r.arrayBuffer())
  }
  let next = 0
  const cachedRow = { setup, pages: 'cached', ...(await load(base, () => cached[next++ % PAGES])) }
  console.log(cachedRow)
  // First visits: this set-up's own share of the pages nobody has asked for.
  const mine = unvisited.slice(0, Math.floor(unvisited.length / 4))
  unvisited = unvisited.slice(mine.length)
  next = 0
  const firstRow = {
    setup,
    pages: 'first visits',
    ...(await load(base, () => mine[next++ % mine.length])),
    distinctPages: Math.min(next, mine.length),
  }
  console.log(firstRow)
  return [cachedRow, firstRow]
}

const report: Row[] = []
const redis = await startOwnRedis()
try {
  for (const [webs, shared] of [
    [1, false],
    [1, true],
    [2, false],
    [2, true],
  ] as const) {
    const setup = `${webs} instance${webs > 1 ? 's' : ''}, page cache ${shared ? 'in Redis' : 'in memory'}`
    await redis.kill()
    await redis.start()
    const cluster = await startCluster({
      databaseUrl: database.url,
      webs,
      env,
      // Without Redis, each instance keeps its own page cache (and the chat uses PostgreSQL).
      redisUrl: shared ? redis.url : null,
    })
    try {
      // One instance is measured directly; two through a balancer in a process of its own (the
      // cluster's own runs in this process, beside autocannon).
      const balancer =
        webs === 1
          ? null
          : await startBalancerProcess({
              port: await freePort(),
              targets: cluster.webs.map((web) => web.url),
            })
      try {
        report.push(...(await measure(setup, cluster, balancer?.url ?? cluster.webs[0].url)))
      } finally {
        await balancer?.close()
      }
    } finally {
      await cluster.stop()
    }
  }
} finally {
  await redis.kill()
  await client.end()
  await database.drop()
}
console.table(report)
saveResults('cluster', { duration: DURATION, connections: CONNECTIONS, scale: SCALE, report })
process.exit(0)
