import { execSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'

import type autocannon from 'autocannon'
import type pg from 'pg'

import { APP_SERVER, SERVER_SCRIPT, run } from '../scripts/lib/run'

/** What the benchmarks share: the generated data set, the production server, its memory, percentiles. */

type Counts = { users: number; resources: number; reviews: number }

/** The large data set the benchmarks measure on. */
export const LARGE_SET: Counts = { users: 20_000, resources: 10_000, reviews: 200_000 }

/**
 * Fills the database with `npm run seed:large`'s generated data set (earlier generated rows go
 * first): `counts` (the large set unless told), each times `scale` (BENCH_QUICK's tenth).
 */
export const seedLarge = async ({
  env,
  client,
  counts: full = LARGE_SET,
  scale = 1,
}: {
  env: NodeJS.ProcessEnv
  client: pg.Client
  counts?: Counts
  scale?: number
}) => {
  const counts = {
    users: Math.round(full.users * scale),
    resources: Math.round(full.resources * scale),
    reviews: Math.round(full.reviews * scale),
  }
  const code = await run({
    command: 'node',
    args: [...SERVER_SCRIPT, 'scripts/seed-large.ts'],
    env: {
      ...env,
      SEED_RESET: '1',
      SEED_USERS: String(counts.users),
      SEED_RESOURCES: String(counts.resources),
      SEED_REVIEWS: String(counts.reviews),
    },
    detached: false,
  }).done
  const { rows } = await client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM resources WHERE slug LIKE 'bulk-%'",
  )
  if (code !== 0 || rows[0].n !== counts.resources) {
    throw new Error(`seed:large failed (exit ${code}, ${rows[0].n} resources)`)
  }
}

/**
 * Starts the production server (`npm run build` first) on `port` and waits until it serves.
 * Each start begins with an empty data cache (Next keeps it on disk across restarts).
 */
export const startServer = async ({ port, env }: { port: string; env: NodeJS.ProcessEnv }) => {
  rmSync('.next/cache/fetch-cache', { recursive: true, force: true })
  const base = `http://localhost:${port}`
  const server = run({
    command: 'node',
    args: [...APP_SERVER, 'start', '-p', port],
    env: { ...env, NODE_ENV: 'production', NEXT_PUBLIC_SERVER_URL: base },
  })
  for (let i = 0; i < 240; i += 1) {
    const ok = await fetch(`${base}/build-id.json`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) return server
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  server.stop()
  throw new Error(`The server on port ${port} did not start (was \`npm run build\` run?)`)
}

/** Resident memory of the server process on `port` (Next runs inside scripts/serve.ts), in MB. */
export const rssOfServerMb = (port: string) => {
  const lines = execSync('ps -eo rss=,args=').toString().split('\n')
  const kb = lines
    .filter((line) => line.includes(`${APP_SERVER.at(-1)} start -p ${port}`))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
  return Math.round(kb.reduce((a, b) => a + b, 0) / 1024)
}

/** The p-th percentile of ascending numbers. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/** Samples the server's resident memory every `everyMs` until stopped: the peak and every sample. */
export const watchRss = (port: string, everyMs = 2_000) => {
  const samples: number[] = [rssOfServerMb(port)]
  const timer = setInterval(() => samples.push(rssOfServerMb(port)), everyMs)
  return {
    stop: () => {
      clearInterval(timer)
      samples.push(rssOfServerMb(port))
      return { peakMb: Math.max(...samples), samples }
    },
  }
}

/** Writes a run's report to bench/results/`name`.json (git-ignored). */
export const saveResults = (name: string, report: unknown) => {
  mkdirSync('bench/results', { recursive: true })
  writeFileSync(`bench/results/${name}.json`, JSON.stringify(report, null, 2))
}

/** What a bench reports of one autocannon run: its rate, its latency's percentiles, its failures. */
export const loadFigures = (result: autocannon.Result) => ({
  requestsPerSecond: Math.round(result.requests.average),
  p50: result.latency.p50,
  // autocannon has no p95: it lies between these two.
  p90: result.latency.p90,
  p97_5: result.latency.p97_5,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
})
