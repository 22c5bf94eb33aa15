import autocannon from 'autocannon'
import pg from 'pg'

import { SERVER_SCRIPT, run } from '../scripts/lib/run'
import { createTestDatabase } from '../tests/helpers/testDatabase'

import { loadFigures, saveResults, startServer } from './lib'

/**
 * `npm run bench:rates-pages` (after `npm run build`): the public rates pages (issue 48) on the
 * production server with 1,000 verified exchangers × 200 directions each (200,000 current rates,
 * about 100 offers per direction; BENCH_QUICK=1 a tenth of the exchangers), filled by SQL as the
 * fetcher would leave them, beside a static file of `public/` (`/icon.svg`): each target for
 * BENCH_DURATION seconds (10) at BENCH_CONNECTIONS connections (20), after a warm-up. The issue's
 * bar: a direction page's p97.5 within 3× the static file's. With DATABASE_URL of a database that
 * already has the rates, that one is used as it is. Results: bench/results/rates-pages.json.
 */
const PORT = process.env.BENCH_PORT || '3362'
const DURATION = Number(process.env.BENCH_DURATION || 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20)
const EXCHANGERS = process.env.BENCH_QUICK === '1' ? 100 : 1000
const DIRECTIONS_EACH = 200
const base = `http://localhost:${PORT}`

const given = process.env.BENCH_DATABASE_URL
const database = given ? null : await createTestDatabase('bench_rates_pages')
const url = given ?? database!.url
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: url,
  PAYLOAD_SECRET: process.env.PAYLOAD_SECRET ?? 'bench-secret',
  REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
}
const client = new pg.Client({ connectionString: url })

/**
 * Exchangers `bench-rates-{n}` with a fresh feed, each offering DIRECTIONS_EACH of the listed
 * currencies' directions, spread so that every direction has about as many offers.
 */
const fillRates = async () => {
  await client.query(`DELETE FROM resources WHERE slug LIKE 'bench-rates-%'`)
  await client.query(
    `INSERT INTO resources (type, status, verified, slug, rates_feed, rating_average, review_count)
     SELECT 'exchanger', 'published', true, 'bench-rates-' || g, 'https://feed.example/' || g,
       round((3 + random() * 2)::numeric, 2), (random() * 200)::int
     FROM generate_series(1, $1::int) g`,
    [EXCHANGERS],
  )
  await client.query(
    `INSERT INTO resources_locales (title, _locale, _parent_id)
     SELECT 'Bench exchanger ' || substr(slug, 13), 'ru', id FROM resources WHERE slug LIKE 'bench-rates-%'`,
  )
  await client.query(
    `INSERT INTO rate_feeds (resource_id, url, fetched_at, fresh_at, ok)
     SELECT id, rates_feed, now(), now(), true FROM resources WHERE slug LIKE 'bench-rates-%'`,
  )
  await client.query(
    `WITH codes AS (SELECT code, row_number() OVER (ORDER BY code) AS n FROM currencies),
     pairs AS (
       SELECT a.code AS f, b.code AS t, row_number() OVER (ORDER BY a.n, b.n) - 1 AS p,
         count(*) OVER () AS total
       FROM codes a JOIN codes b ON a.code <> b.code),
     ex AS (SELECT id, row_number() OVER (ORDER BY id) AS g FROM resources WHERE slug LIKE 'bench-rates-%')
     INSERT INTO exchange_rates (resource_id, from_code, to_code, rate_in, rate_out, reserve, min_amount, max_amount)
     SELECT ex.id, f, t, 1, round((1000 + random() * 100)::numeric, 6), round((random() * 1e6)::numeric, 2), 0.01, 1000
     FROM ex CROSS JOIN generate_series(0, $1::int - 1) k
     JOIN pairs ON pairs.p = (ex.g * 37 + k * 9) % pairs.total`,
    [DIRECTIONS_EACH],
  )
  await client.query('ANALYZE exchange_rates; ANALYZE rate_feeds; ANALYZE resources')
}

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

const warmUp = async (target: Target) =>
  autocannon({ ...optionsOf(target), connections: 4, amount: 200 })

const measure = async (target: Target) => {
  const result = await autocannon({
    ...optionsOf(target),
    connections: CONNECTIONS,
    duration: DURATION,
  })
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
  if (!given) {
    const migrated = await run({
      command: 'node',
      args: [...SERVER_SCRIPT, 'scripts/migrate.ts'],
      env,
      detached: false,
    }).done
    if (migrated !== 0) throw new Error(`migrate failed (exit ${migrated})`)
    await fillRates()
  }
  server = await startServer({ port: PORT, env })
  const { rows: counts } = await client.query<{ rates: number; exchangers: number }>(
    `SELECT count(*)::int AS rates, count(DISTINCT resource_id)::int AS exchangers FROM exchange_rates`,
  )
  const { rows: top } = await client.query<{ from_code: string; to_code: string; n: number }>(
    `SELECT from_code, to_code, count(*)::int AS n FROM exchange_rates
     GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT 50`,
  )
  const page = (row: (typeof top)[number]) =>
    `/en/rates/${row.from_code.toLowerCase()}-${row.to_code.toLowerCase()}`
  const targets: Target[] = [
    { name: 'static file /icon.svg', path: '/icon.svg' },
    { name: `direction page (cached), ${top[0].n} offers`, path: page(top[0]) },
    { name: '50 direction pages in turn (cached)', path: page(top[0]), paths: top.map(page) },
    { name: '/rates (cached)', path: '/en/rates' },
    {
      name: 'refresh call /api/rate-offers',
      path: `/api/rate-offers?from=${top[0].from_code}&to=${top[0].to_code}&locale=en`,
    },
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
  saveResults('rates-pages', {
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    data: counts[0],
    results,
  })
} finally {
  server?.stop()
  await client.end()
  // --keep leaves the filled database for a look at the pages (its address is printed).
  if (process.argv.includes('--keep')) console.log(`kept: DATABASE_URL=${url}`)
  else await database?.drop()
}
