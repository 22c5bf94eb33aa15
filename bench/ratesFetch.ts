import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

import pg from 'pg'

import { SERVER_SCRIPT, runQuietly } from '../scripts/lib/run'
import { createTestDatabase } from '../tests/helpers/testDatabase'

import { saveResults } from './lib'

/**
 * `npm run bench:rates-fetch`: one worker's cycle of the exchangers' rates fetcher at the issue's
 * scale, 1,000 exchangers (BENCH_EXCHANGERS) × 200 directions (BENCH_DIRECTIONS): 200,000 offers,
 * their feeds generated and served on the loopback by bench/ratesFeedServer.mjs (a process of
 * its own). Three cycles, each timed: cold (every offer new), warm (every rate moved) and
 * unchanged (every feed answers 304). Builds its own database (on DATABASE_URL's server, or an
 * embedded PostgreSQL) and drops it after, unless `--keep`: then it prints the database's
 * DATABASE_URL (the direction pages' bench reads these offers). Results:
 * bench/results/rates-fetch.json.
 */
const EXCHANGERS = Number(process.env.BENCH_EXCHANGERS || 1000)
const DIRECTIONS = Number(process.env.BENCH_DIRECTIONS || 200)
const keep = process.argv.includes('--keep')
if (keep && !process.env.DATABASE_URL) {
  // A throw-away embedded server ends with this process: there would be nothing to keep.
  console.error('--keep needs DATABASE_URL: the server that keeps the database')
  process.exit(1)
}

const database = await createTestDatabase('bench_rates')
Object.assign(process.env, {
  DATABASE_URL: database.url,
  PAYLOAD_SECRET: process.env.PAYLOAD_SECRET || 'bench-secret',
  LOG_LEVEL: 'warn',
  REDIS_URL: '',
})

const seconds = (ms: number) => Number((ms / 1000).toFixed(2))

let feedServer: ChildProcess | null = null
let closeApp: (() => Promise<void>) | null = null
const client = new pg.Client({ connectionString: database.url })
try {
  const migrated = await runQuietly({
    command: 'node',
    args: [...SERVER_SCRIPT, 'scripts/migrate.ts'],
    env: process.env,
  })
  if (migrated.code !== 0) throw new Error(`Migrating failed:\n${migrated.output}`)
  await client.connect()
  const codes = (
    await client.query<{ code: string }>('SELECT code FROM currencies ORDER BY code')
  ).rows.map((row) => row.code)

  // The feeds' server.
  feedServer = spawn('node', ['bench/ratesFeedServer.mjs'], {
    env: {
      ...process.env,
      CODES: codes.join(','),
      FEEDS: String(EXCHANGERS),
      DIRECTIONS: String(DIRECTIONS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [portLine] = await createInterface({ input: feedServer.stdout! })
    [Symbol.asyncIterator]()
    .next()
    .then((line) => [line.value as string])
  const feeds = `http://127.0.0.1:${Number(portLine)}`

  // The app, in this process, as the worker runs it (no job runner: the cycles are run here).
  const [{ getPayload }, { default: config }, { closePayload }, rates] = await Promise.all([
    import('payload'),
    import('@payload-config'),
    import('../scripts/lib/closePayload'),
    import('@/server/rates/run'),
  ])
  const payload = await getPayload({ config })
  closeApp = () => closePayload(payload)

  const madeStarted = performance.now()
  const ids: number[] = []
  for (let first = 0; first < EXCHANGERS; first += 8) {
    const batch = Array.from(
      { length: Math.min(8, EXCHANGERS - first) },
      (_, index) => first + index,
    )
    ids.push(
      ...(await Promise.all(
        batch.map(
          async (n) =>
            (
              await payload.create({
                collection: 'resources',
                data: {
                  type: 'exchanger',
                  title: `Bench exchanger ${n}`,
                  anons: 'Exchanges currencies at the rates of its feed',
                  links: [{ url: `https://exchanger-${n}.example` }],
                  status: 'published',
                  verified: true,
                  ratesFeed: `${feeds}/feeds/${n}.xml`,
                },
              })
            ).id,
        ),
      )),
    )
  }
  console.log(`${EXCHANGERS} exchangers made in ${seconds(performance.now() - madeStarted)} s`)

  const settings = { ...rates.ratesSettings(), allowPrivate: true }
  const report: Record<string, unknown> = {
    exchangers: EXCHANGERS,
    directions: DIRECTIONS,
    offers: EXCHANGERS * DIRECTIONS,
    concurrency: settings.concurrency,
    cycles: {},
  }
  const cycle = async (name: string) => {
    const run = await rates.runRatesCycle({ payload, settings, resourceIds: ids })
    const { rows } = await client.query<{ offers: number }>(
      'SELECT count(*)::int AS offers FROM exchange_rates',
    )
    const figures = {
      seconds: seconds(run.ms),
      feedsPerSecond: Math.round(run.feeds / (run.ms / 1000)),
      feeds: run.feeds,
      outcomes: run.outcomes,
      rowsWritten: run.rows,
      dbSeconds: seconds(run.dbMs),
      offers: rows[0].offers,
      pagesExpired: run.changed.length,
    }
    ;(report.cycles as Record<string, unknown>)[name] = figures
    console.log(name, JSON.stringify(figures))
    return figures
  }
  await cycle('cold (every offer new)')
  await fetch(`${feeds}/generation`, { method: 'POST' })
  await cycle('warm (every rate moved)')
  await cycle('unchanged (every feed 304)')
  saveResults('rates-fetch', report)
  if (keep) {
    console.log(`Kept the database: DATABASE_URL=${database.url}`)
    console.log('(its feeds are no longer served: they turn stale 5 minutes after the last cycle)')
  }
} finally {
  feedServer?.kill()
  await client.end().catch(() => {})
  await closeApp?.()
  if (!keep) await database.drop()
}
process.exit(0)
