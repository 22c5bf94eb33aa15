import { execSync } from 'node:child_process'

import pg from 'pg'

import { REVIEW_CRITERIA, type ResourceType, prefixOf } from '@/lib/resourceTypes'
import { DEMO_PASSWORD } from '@/seed/users'

import { createTestDatabase } from '../tests/helpers/testDatabase'

import { percentile, rssOfServerMb, saveResults, seedLarge, startServer, watchRss } from './lib'

/**
 * `npm run bench:soak` (after `npm run build`): SOAK_WRITERS (200) signed-in writers add reviews
 * through `POST /api/add-reviews` for SOAK_SECONDS (60) seconds against the production server,
 * while SOAK_READERS (10) readers request the pages of other resources; the readers are measured
 * alone first for SOAK_BASELINE_SECONDS (10), so the pages' slowdown under writes is a ratio from
 * one run. Afterwards the database must hold every acknowledged review once, and every resource's
 * stored rating and review count must be what its published reviews give.
 * Results: bench/results/soak.json.
 */
const PORT = process.env.BENCH_PORT || '3310'
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS || 60)
const BASELINE_SECONDS = Number(process.env.SOAK_BASELINE_SECONDS || 10)
const WRITERS = Number(process.env.SOAK_WRITERS || 200)
const READERS = Number(process.env.SOAK_READERS || 10)
const RESOURCES = Number(process.env.SOAK_RESOURCES || 600)
const WRITERS_PER_RESOURCE = 4
const TIMEOUT_MS = 120_000
const base = `http://localhost:${PORT}`

const database = await createTestDatabase('soak')
// The bench's requests come from loopback: trusting it as a proxy lets each writer sign in from
// an address of its own (X-Forwarded-For), as behind a load balancer; sign-in limits are per address.
const env = {
  ...process.env,
  DATABASE_URL: database.url,
  PAYLOAD_SECRET: 'bench-secret',
  TRUSTED_PROXIES: '127.0.0.1, ::1',
}
const client = new pg.Client({ connectionString: database.url })

type Resource = { id: number; type: ResourceType; slug: string }
type Writer = { id: number; username: string; token: string; address: string }
type Outcome = { ms: number; status: number | string; body?: string }

/** One request, timed; a network failure or a timeout is an outcome too, not an exception. */
const timed = async (path: string, init: RequestInit = {}): Promise<Outcome> => {
  const start = performance.now()
  try {
    const response = await fetch(`${base}${path}`, {
      ...init,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const body = await response.text()
    return { ms: performance.now() - start, status: response.status, body }
  } catch (error) {
    const name = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network error'
    return { ms: performance.now() - start, status: name, body: String(error) }
  }
}

const summary = (outcomes: Outcome[], seconds: number) => {
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b)
  const at = (p: number) => Math.round(percentile(times, p) ?? 0)
  return {
    requests: outcomes.length,
    perSecond: Math.round((outcomes.length / seconds) * 10) / 10,
    p50: at(50),
    p90: at(90),
    p99: at(99),
    nonOk: countBy(outcomes.filter((o) => o.status !== 200)),
  }
}

const countBy = (outcomes: Outcome[]) =>
  outcomes.reduce<Record<string, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1
    return counts
  }, {})

/** A few distinct answer bodies per non-200 status, to see what went wrong. */
const samplesOf = (outcomes: Outcome[]) => {
  const samples: Record<string, string[]> = {}
  for (const { status, body = '' } of outcomes) {
    if (status === 200) continue
    const list = (samples[status] ??= [])
    const text = body.slice(0, 300)
    if (list.length < 3 && !list.includes(text)) list.push(text)
  }
  return samples
}

/** Runs `count` loops of `step` until `until` (ms since the epoch), each finishing its request. */
const loops = (count: number, until: number, step: (i: number) => Promise<boolean>) =>
  Promise.all(
    Array.from({ length: count }, async (_, i) => {
      while (Date.now() < until && (await step(i)));
    }),
  )

/** Readers request the pages in turn for `seconds`. */
const readPages = async (paths: string[], seconds: number) => {
  const outcomes: Outcome[] = []
  let next = 0
  await loops(READERS, Date.now() + seconds * 1000, async () => {
    outcomes.push(await timed(paths[next++ % paths.length]))
    return true
  })
  return summary(outcomes, seconds)
}

const signIn = async (user: { id: number; username: string }, i: number): Promise<Writer> => {
  const address = `10.77.${i >> 8}.${i & 255}`
  const { status, body } = await timed('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ login: user.username, password: DEMO_PASSWORD }),
  })
  const token = status === 200 ? JSON.parse(body!).user?.token : undefined
  if (!token) throw new Error(`${user.username} could not sign in: ${status} ${body}`)
  return { ...user, token, address }
}

let server: Awaited<ReturnType<typeof startServer>> | null = null
try {
  await client.connect()
  await seedLarge({
    env,
    client,
    counts: { users: WRITERS, resources: RESOURCES, reviews: RESOURCES * 5 },
  })

  // The published generated resources, split in two halves: the writers review one, the readers
  // read the pages of the other (which no write touches, except through the shared cache).
  const { rows: resources } = await client.query<Resource>(
    `SELECT id, type, slug FROM resources WHERE slug LIKE 'bulk-%' AND status = 'published' ORDER BY id`,
  )
  const written = resources.filter((_, i) => i % 2 === 0)
  const read = resources.filter((_, i) => i % 2 === 1)
  const readPaths = read.map(({ type, slug }) => `/en/resources/${prefixOf(type)}/${slug}`)
  const { rows: users } = await client.query<{ id: number; username: string }>(
    `SELECT id, username FROM users WHERE username LIKE 'bulk-user-%' ORDER BY id LIMIT ${WRITERS}`,
  )
  const { rows: seeded } = await client.query<{ author_id: number; resource_id: number }>(
    'SELECT author_id, resource_id FROM reviews',
  )
  const reviewed = new Set(seeded.map((r) => `${r.author_id}:${r.resource_id}`))

  server = await startServer({ port: PORT, env })
  const writers: Writer[] = []
  for (let i = 0; i < users.length; i += 8) {
    writers.push(...(await Promise.all(users.slice(i, i + 8).map((u, j) => signIn(u, i + j)))))
  }
  // Each writer walks the written half, skipping what it reviewed already. Writers start in
  // groups of WRITERS_PER_RESOURCE at the same resource, so each resource gets concurrent reviews.
  const queues = writers.map((writer, i) => {
    const start = Math.floor(i / WRITERS_PER_RESOURCE) % written.length
    return [...written.slice(start), ...written.slice(0, start)].filter(
      (resource) => !reviewed.has(`${writer.id}:${resource.id}`),
    )
  })

  // Warm-up: every read page once, so the baseline measures the pages as they are usually served.
  let warmed = 0
  await loops(READERS, Infinity, async () => {
    if (warmed >= readPaths.length) return false
    await timed(readPaths[warmed++])
    return true
  })
  const rssBefore = rssOfServerMb(PORT)
  console.log(`Baseline: ${READERS} readers for ${BASELINE_SECONDS} s`)
  const baseline = await readPages(readPaths, BASELINE_SECONDS)

  console.log(`Soak: ${writers.length} writers and ${READERS} readers for ${SOAK_SECONDS} s`)
  const acknowledged: { id: number; author: number; resource: number }[] = []
  const writes: Outcome[] = []
  const memory = watchRss(PORT)
  let exhausted = 0
  const started = performance.now()
  const [soakReads] = await Promise.all([
    readPages(readPaths, SOAK_SECONDS),
    loops(writers.length, Date.now() + SOAK_SECONDS * 1000, async (i) => {
      const writer = writers[i]
      const resource = queues[i].shift()
      if (!resource) {
        exhausted += 1
        return false
      }
      const criteria = Object.fromEntries(
        REVIEW_CRITERIA[resource.type].slice(0, 2).map((key) => [key, 1 + ((i + resource.id) % 5)]),
      )
      const outcome = await timed('/api/add-reviews', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `JWT ${writer.token}`,
          'x-forwarded-for': writer.address,
        },
        body: JSON.stringify({
          resource_id: resource.id,
          grade: 1 + ((i * 7 + resource.id) % 5),
          comment: `Soak review by ${writer.username} of ${resource.slug}`,
          criteria,
        }),
      })
      writes.push(outcome)
      if (outcome.status === 200) {
        acknowledged.push({
          id: JSON.parse(outcome.body!).review.id,
          author: writer.id,
          resource: resource.id,
        })
      }
      return true
    }),
  ])
  const writeSeconds = (performance.now() - started) / 1000
  const { peakMb: rssPeak } = memory.stop()
  const rssAfter = rssOfServerMb(PORT)

  // Verification, in the database.
  const { rows: found } = await client.query<{
    id: number
    author_id: number
    resource_id: number
  }>('SELECT id, author_id, resource_id FROM reviews WHERE id = ANY($1::int[])', [
    acknowledged.map((review) => review.id),
  ])
  const byId = new Map(found.map((row) => [row.id, row]))
  const lost = acknowledged.filter((review) => !byId.has(review.id))
  const misfiled = acknowledged.filter((review) => {
    const row = byId.get(review.id)
    return row && (row.author_id !== review.author || row.resource_id !== review.resource)
  })
  const { rows: duplicated } = await client.query(
    `SELECT author_id, resource_id, count(*)::int AS reviews FROM reviews
     GROUP BY author_id, resource_id HAVING count(*) > 1`,
  )
  const { rows: wrongAggregates } = await client.query(`
    SELECT r.id, r.slug, r.review_count AS stored_count, a.count,
           r.rating_average AS stored_average, a.average,
           r.rating_distribution AS stored_distribution, a.distribution
    FROM resources r
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS count, coalesce(round(avg(grade)::numeric, 2), 0) AS average,
             jsonb_build_object('1', count(*) FILTER (WHERE grade = 1), '2', count(*) FILTER (WHERE grade = 2),
               '3', count(*) FILTER (WHERE grade = 3), '4', count(*) FILTER (WHERE grade = 4),
               '5', count(*) FILTER (WHERE grade = 5)) AS distribution
      FROM reviews WHERE resource_id = r.id AND status = 'published'
    ) a
    WHERE coalesce(r.review_count, 0) <> a.count
       OR coalesce(r.rating_average, 0) <> a.average
       OR coalesce(r.rating_distribution, '{"1":0,"2":0,"3":0,"4":0,"5":0}'::jsonb) <> a.distribution
    ORDER BY r.id`)

  const ratio = (key: 'p50' | 'p90' | 'p99') =>
    Math.round((soakReads[key] / Math.max(baseline[key], 1)) * 10) / 10
  const report = {
    date: new Date().toISOString(),
    commit: execSync('git rev-parse --short HEAD').toString().trim(),
    writers: writers.length,
    soakSeconds: SOAK_SECONDS,
    baselineSeconds: BASELINE_SECONDS,
    resources: { written: written.length, read: read.length, seededReviews: seeded.length },
    writes: {
      attempted: writes.length,
      acknowledged: acknowledged.length,
      acknowledgedPerSecond: Math.round((acknowledged.length / writeSeconds) * 10) / 10,
      latency: summary(writes, writeSeconds),
      nonOkSamples: samplesOf(writes),
      writersOutOfResources: exhausted,
    },
    lost: lost.length,
    misfiled: misfiled.length,
    duplicated: duplicated.length,
    wrongAggregates: wrongAggregates.length,
    wrongAggregateSamples: wrongAggregates.slice(0, 5),
    readers: {
      connections: READERS,
      baseline,
      soak: soakReads,
      ratio: { p50: ratio('p50'), p90: ratio('p90'), p99: ratio('p99') },
    },
    serverRssMb: { before: rssBefore, peakDuringSoak: rssPeak, after: rssAfter },
  }
  saveResults('soak', report)
  console.dir(report, { depth: null })
} finally {
  server?.stop()
  await server?.done
  await client.end()
  await database.drop()
}
process.exit(0)
