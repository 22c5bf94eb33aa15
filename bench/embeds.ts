import autocannon from 'autocannon'
import pg from 'pg'

import { type ResourceType, prefixOf } from '@/lib/resourceTypes'

import { createTestDatabase } from '../tests/helpers/testDatabase'

import { loadFigures, saveResults, seedLarge, startServer } from './lib'

/**
 * `npm run bench:embeds` (after `npm run build`): the badge and the widget owners put on their own
 * sites (issue 47), served from the page cache, beside a static file of `public/` (`/icon.svg`,
 * 0.6 KB), on the production server with the large generated data set (10,000 resources, 200,000
 * reviews; BENCH_QUICK=1 a tenth): each target for BENCH_DURATION seconds (10) at
 * BENCH_CONNECTIONS connections (20), after a warm-up of them all that also puts the embeds in the
 * cache.
 * The badge and widget are the most-reviewed resource's. Results: bench/results/embeds.json.
 */
const PORT = process.env.BENCH_PORT || '3360'
const DURATION = Number(process.env.BENCH_DURATION || 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20)
const SCALE = process.env.BENCH_QUICK === '1' ? 0.1 : 1
const base = `http://localhost:${PORT}`

const database = await createTestDatabase('bench_embeds')
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: database.url,
  PAYLOAD_SECRET: 'bench-secret',
  // One instance with its page cache in memory, as `npm run bench` measures the pages.
  REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
}
const client = new pg.Client({ connectionString: database.url })

type Target = { name: string; path: string; paths?: string[] }

const optionsOf = (target: Target) => {
  let next = 0
  return {
    url: `${base}${target.path}`,
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
}

/** The first visit of each address renders it into the page cache; then the server runs warm. */
const warmUp = async (target: Target) =>
  autocannon({ ...optionsOf(target), connections: 4, amount: 200 })

const measure = async (target: Target) => {
  const options = optionsOf(target)
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION })
  const row = {
    name: target.name,
    path: target.path,
    ...loadFigures(result),
    kB: Math.round(result.throughput.average / result.requests.average / 102.4) / 10,
  }
  console.log(row)
  return row
}

await client.connect()
let server: Awaited<ReturnType<typeof startServer>> | undefined
try {
  await seedLarge({ env, client, scale: SCALE })
  const { rows } = await client.query<{ type: ResourceType; slug: string; review_count: number }>(
    `SELECT type, slug, review_count FROM resources WHERE status = 'published'
     ORDER BY review_count DESC LIMIT 1`,
  )
  const { rows: counts } = await client.query<{ resources: number; reviews: number }>(
    'SELECT (SELECT count(*) FROM resources)::int AS resources, (SELECT count(*) FROM reviews)::int AS reviews',
  )
  const top = rows[0]
  const prefix = prefixOf(top.type)
  server = await startServer({ port: PORT, env })
  const badge = `/badge/${prefix}/${top.slug}.svg`
  const targets: Target[] = [
    { name: 'static file /icon.svg', path: '/icon.svg' },
    { name: `badge (cached), ${top.review_count} reviews`, path: `${badge}?lang=en` },
    {
      name: 'badge, six variants in turn (cached)',
      path: badge,
      paths: ['light', 'dark'].flatMap((theme) =>
        ['s', 'm', 'l'].map((size) => `${badge}?theme=${theme}&size=${size}`),
      ),
    },
    { name: 'widget (cached)', path: `/widget/${prefix}/${top.slug}?lang=en` },
  ]
  for (const target of targets) await warmUp(target)
  const results = []
  for (const target of targets) results.push(await measure(target))
  const [floor] = results
  console.log('\n| target | req/s | p50 ms | p90 ms | p97.5 ms | p97.5 vs static | KB |')
  for (const row of results) {
    console.log(
      `| ${row.name} | ${row.requestsPerSecond} | ${row.p50} | ${row.p90} | ${row.p97_5} | ${(row.p97_5 / floor.p97_5).toFixed(1)} | ${row.kB} |`,
    )
  }
  saveResults('embeds', {
    scale: SCALE,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    data: counts[0],
    results,
  })
} finally {
  server?.stop()
  await client.end()
  await database.drop()
}
