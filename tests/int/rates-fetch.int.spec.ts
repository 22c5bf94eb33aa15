import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'

import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { RATES_HISTORY_DAYS } from '@/lib/rates'
import { CLEAN_UP_TASKS } from '@/server/cleanUp'
import { RATES_QUEUE, RATES_TASK } from '@/server/jobQueues'
import { metricsText } from '@/server/metricsExposition'
import { fetchFeed } from '@/server/rates/fetchFeed'
import { type RatesSettings, runRatesCycle } from '@/server/rates/run'
import { releaseRateFetchLease, takeRateFetchLease } from '@/server/sql/rateCycle'
import { postgresOf, runSql } from '@/server/sql/run'
import { workerHealth } from '@/server/workerHealth'

import { createResource, unique } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'

let payload: Payload
let server: Server
let base: string

type Feed = {
  body: string | Buffer
  etag?: string
  lastModified?: string
  encoding?: 'gzip'
  /** Content-Length sent (the body's own when not given; false: none, chunked). */
  length?: number | false
  /** Sends its body's first bytes, then a byte every 50 ms, never ending. */
  trickle?: true
}

/** What the feed server serves at /f/{key}, and what it was asked. */
const feeds = new Map<string, Feed>()
const hits: { path: string; ifNoneMatch?: string; ifModifiedSince?: string; status: number }[] = []

const answer = (request: IncomingMessage, response: ServerResponse) => {
  const path = request.url ?? '/'
  const [, route, key] = path.split('/')
  const record = (status: number) =>
    hits.push({
      path,
      status,
      ifNoneMatch: request.headers['if-none-match'],
      ifModifiedSince: request.headers['if-modified-since'],
    })
  // The socket's errors (a fetch that gave up) are the fetcher's business, not the server's.
  response.on('error', () => {})
  if (route === 'f' && feeds.has(key)) {
    const feed = feeds.get(key)!
    if (feed.etag && request.headers['if-none-match'] === feed.etag) {
      record(304)
      return void response.writeHead(304, { etag: feed.etag }).end()
    }
    record(200)
    const headers: Record<string, string | number> = { 'content-type': 'application/xml' }
    if (feed.etag) headers.etag = feed.etag
    if (feed.lastModified) headers['last-modified'] = feed.lastModified
    if (feed.encoding) headers['content-encoding'] = feed.encoding
    if (feed.trickle) {
      response.writeHead(200, headers).write(feed.body)
      const timer = setInterval(() => response.write(' '), 50)
      return void response.on('close', () => clearInterval(timer))
    }
    if (feed.length !== false)
      headers['content-length'] = feed.length ?? Buffer.byteLength(feed.body)
    return void response.writeHead(200, headers).end(feed.body)
  }
  record(0)
  if (route === 'endless') {
    // A body with no length that never ends, sent as fast as the socket takes it.
    response.writeHead(200, { 'content-type': 'application/xml' })
    const chunk = Buffer.alloc(16 * 1024, 'x')
    const pump = () => {
      while (!response.destroyed && response.write(chunk));
      if (!response.destroyed) response.once('drain', pump)
    }
    return pump()
  }
  if (route === 'to-private') {
    return void response.writeHead(302, { location: 'http://10.20.30.40/feed.xml' }).end()
  }
  if (route === 'to-feed') return void response.writeHead(301, { location: `/f/${key}` }).end()
  if (route === 'missing') return void response.writeHead(404).end('no feed here')
  response.writeHead(404).end()
}

// A deadline no sound fetch meets on a loaded machine; the trickle's test has a short one of its own.
const TIMEOUT_MS = 15_000
const TRICKLE_DEADLINE_MS = 800
const MAX_BYTES = 64 * 1024
const SETTINGS: RatesSettings = {
  periodSeconds: 60,
  concurrency: 4,
  timeoutMs: TIMEOUT_MS,
  maxBytes: MAX_BYTES,
  allowPrivate: false,
  // The tests' own server, on the loopback, which private addresses otherwise include.
  allowedAddresses: ['127.0.0.1'],
  userAgent: 'ObzorRates/1.0 (test)',
}

/** Currencies of this file's own, so its directions and their history are nobody else's. */
let A: string
let B: string
let C: string
/** The history's direction, D to E: only its own test's exchangers offer it. */
let D: string
let E: string

beforeAll(async () => {
  payload = await startPayload()
  server = createServer(answer)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const tag = unique()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(-10)
  ;[A, B, C, D, E] = ['A', 'B', 'C', 'D', 'E'].map((letter) => `T${letter}${tag}`)
  for (const code of [A, B, C, D, E]) {
    await payload.create({
      collection: 'currencies',
      data: { code, name: `Test ${code}`, kind: 'crypto', unit: 'TST' },
    })
  }
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await releasePayload()
})

const query = async <Row = Record<string, unknown>>(statement: ReturnType<typeof sql>) =>
  (await runSql<Row>({ payload, query: statement })).rows

type Item = {
  from: string
  to: string
  in: number | string
  out: number | string
  amount: number | string
  minamount?: string
  maxamount?: string
}

const xml = (items: Item[]) =>
  `<?xml version="1.0"?><rates>${items
    .map(
      (item) =>
        `<item>${Object.entries(item)
          .map(([name, value]) => `<${name}>${value}</${name}>`)
          .join('')}</item>`,
    )
    .join('')}</rates>`

/** A feed served at a path of its own, and a verified exchanger whose feed it is. */
const exchangerWith = async (feed: Feed | null, path?: string) => {
  const key = unique()
  if (feed) feeds.set(key, feed)
  const resource = await createResource({ payload, type: 'exchanger', verified: true })
  await payload.update({
    collection: 'resources',
    id: resource.id,
    data: { ratesFeed: path ? `${base}${path}` : `${base}/f/${key}` },
  })
  return { id: resource.id, key }
}

const cycle = (...resourceIds: number[]) =>
  runRatesCycle({ payload, settings: SETTINGS, resourceIds })

const offersOf = async (resourceId: number) =>
  (
    await query<{ direction: string; rate: string; reserve: string; updated_at: string }>(
      sql`SELECT from_code || '-' || to_code AS direction, rate::text, reserve::text,
          updated_at::text
        FROM exchange_rates WHERE resource_id = ${resourceId} ORDER BY from_code, to_code`,
    )
  ).map((row) => ({ ...row, rate: Number(row.rate), reserve: Number(row.reserve) }))

type FeedRow = {
  url: string
  ok: boolean
  error: string | null
  http_status: number | null
  accepted: number
  refused: number
  refusals: unknown[]
  etag: string | null
  body_hash: string | null
  fresh: boolean
  fresh_at: string | null
  ms: number | null
  bytes: number | null
}

const feedOf = async (resourceId: number) =>
  (
    await query<FeedRow>(
      sql`SELECT url, ok, error, http_status, accepted, refused, refusals, etag, body_hash,
          fresh_at::text, ms, bytes,
          coalesce(fresh_at >= now() - interval '5 minutes', false) AS fresh
        FROM rate_feeds WHERE resource_id = ${resourceId}`,
    )
  )[0]

const hitsOf = (key: string) => hits.filter((hit) => hit.path.includes(key))

describe('a feed fetched', () => {
  it('lands a good feed: its offers, and its state as the owner sees it', async () => {
    const { id, key } = await exchangerWith({
      body: xml([
        { from: A, to: B, in: 1, out: 2.5, amount: 1000, minamount: `0.1 ${A}`, maxamount: '10' },
        { from: B, to: A, in: 3, out: 1, amount: 50 },
      ]),
    })
    const run = await cycle(id)
    expect(run).toMatchObject({ skipped: false, feeds: 1, outcomes: { ok: 1 } })
    // Its directions are new: its page lists them, so it is expired.
    expect(run.changed).toEqual([id])
    expect(
      (await offersOf(id)).map(({ direction, rate, reserve }) => ({ direction, rate, reserve })),
    ).toEqual(
      [
        { direction: `${A}-${B}`, rate: 2.5, reserve: 1000 },
        { direction: `${B}-${A}`, rate: 1 / 3, reserve: 50 },
      ].map((row) => ({ ...row, rate: expect.closeTo(row.rate, 12) })),
    )
    expect(await feedOf(id)).toMatchObject({
      ok: true,
      error: null,
      http_status: 200,
      accepted: 2,
      refused: 0,
      refusals: [],
      fresh: true,
    })
    expect(hitsOf(key)).toHaveLength(1)
  })

  it('refuses bad items with their reasons while the good ones land', async () => {
    const { id } = await exchangerWith({
      body: JSON.stringify({
        rates: [
          { from: A, to: B, in: 1, out: 2, amount: 10 },
          { from: A, to: 'NOSUCHCOIN', in: 1, out: 2, amount: 10 },
          { from: B, to: C, in: 1, out: -2, amount: 10 },
          { from: C, to: A, in: 1, out: 2, amount: 10, minamount: 5, maxamount: 1 },
          { from: A, to: B, in: 1, out: 3, amount: 10 },
        ],
      }),
    })
    await cycle(id)
    expect((await offersOf(id)).map((offer) => offer.direction)).toEqual([`${A}-${B}`])
    expect(await feedOf(id)).toMatchObject({
      ok: true,
      accepted: 1,
      refused: 4,
      refusals: [
        { item: 2, from: A, to: 'NOSUCHCOIN', reason: 'unknown-currency' },
        { item: 3, from: B, to: C, reason: 'not-positive' },
        { item: 4, from: C, to: A, reason: 'limits-order' },
        { item: 5, from: A, to: B, reason: 'duplicate' },
      ],
    })
  })

  it('asks again with the ETag: a 304 keeps the offers untouched and the feed fresh', async () => {
    const { id, key } = await exchangerWith({
      body: xml([{ from: A, to: B, in: 1, out: 2, amount: 10 }]),
      etag: '"v1"',
      lastModified: 'Mon, 30 Nov 2026 02:00:00 GMT',
    })
    await cycle(id)
    const before = await offersOf(id)
    expect(await feedOf(id)).toMatchObject({ etag: '"v1"' })
    // The feed went stale meanwhile (as five minutes without an answer would leave it).
    await query(
      sql`UPDATE rate_feeds SET fresh_at = now() - interval '10 minutes' WHERE resource_id = ${id}`,
    )
    expect(await feedOf(id)).toMatchObject({ fresh: false })
    const run = await cycle(id)
    expect(run.outcomes).toEqual({ 'not-modified': 1 })
    expect(run.changed).toEqual([])
    expect(
      hitsOf(key).map(({ status, ifNoneMatch, ifModifiedSince }) => ({
        status,
        ifNoneMatch,
        ifModifiedSince,
      })),
    ).toEqual([
      { status: 200, ifNoneMatch: undefined, ifModifiedSince: undefined },
      { status: 304, ifNoneMatch: '"v1"', ifModifiedSince: 'Mon, 30 Nov 2026 02:00:00 GMT' },
    ])
    expect(await offersOf(id)).toEqual(before)
    expect(await feedOf(id)).toMatchObject({ ok: true, http_status: 304, accepted: 1, fresh: true })
  })

  it('skips the write of a body it has read before, and rewrites only the rates that moved', async () => {
    const body = xml([
      { from: A, to: B, in: 1, out: 2, amount: 10 },
      { from: B, to: A, in: 1, out: 0.5, amount: 10 },
      { from: A, to: C, in: 1, out: 7, amount: 10 },
    ])
    const { id, key } = await exchangerWith({ body })
    await cycle(id)
    const first = await offersOf(id)
    expect((await cycle(id)).outcomes).toEqual({ unchanged: 1 })
    expect(await offersOf(id)).toEqual(first)
    // One rate moves, one direction goes: one row updated, one deleted, the third untouched.
    feeds.set(key, {
      body: xml([
        { from: A, to: B, in: 1, out: 2.1, amount: 10 },
        { from: B, to: A, in: 1, out: 0.5, amount: 10 },
      ]),
    })
    const run = await cycle(id)
    expect(run.outcomes).toEqual({ ok: 1 })
    expect(run.rows).toEqual({ inserted: 0, updated: 1, deleted: 1 })
    expect(run.changed).toEqual([id])
    const after = await offersOf(id)
    expect(after.map((offer) => offer.direction)).toEqual([`${A}-${B}`, `${B}-${A}`])
    expect(after[1]).toEqual(first.find((offer) => offer.direction === `${B}-${A}`))
    expect(after[0].rate).toBe(2.1)
    // Only rates moving: the set of directions is the same, the page's list stays.
    feeds.set(key, {
      body: xml([
        { from: A, to: B, in: 1, out: 2.2, amount: 10 },
        { from: B, to: A, in: 1, out: 0.5, amount: 10 },
      ]),
    })
    expect((await cycle(id)).changed).toEqual([])
  })

  it('accepts a gzipped feed, and follows a redirect to it', async () => {
    const body = xml([{ from: A, to: B, in: 1, out: 2, amount: 10 }])
    const { key } = await exchangerWith({ body: gzipSync(body), encoding: 'gzip' })
    const { id } = await exchangerWith(null, `/to-feed/${key}`)
    expect((await cycle(id)).outcomes).toEqual({ ok: 1 })
    expect((await offersOf(id)).map((offer) => offer.direction)).toEqual([`${A}-${B}`])
  })

  it('starts clean when the owner changes the feed: no validators sent, old offers gone', async () => {
    const { id } = await exchangerWith({
      body: xml([{ from: A, to: B, in: 1, out: 2, amount: 10 }]),
      etag: '"old"',
    })
    await cycle(id)
    const next = unique()
    feeds.set(next, { body: xml([{ from: C, to: A, in: 1, out: 4, amount: 1 }]), etag: '"old"' })
    await payload.update({ collection: 'resources', id, data: { ratesFeed: `${base}/f/${next}` } })
    const run = await cycle(id)
    expect(hitsOf(next)).toMatchObject([{ status: 200, ifNoneMatch: undefined }])
    expect(run.changed).toEqual([id])
    expect((await offersOf(id)).map((offer) => offer.direction)).toEqual([`${C}-${A}`])
    expect(await feedOf(id)).toMatchObject({ url: `${base}/f/${next}`, accepted: 1 })
    // A changed feed that fails keeps nothing of the old one.
    await payload.update({ collection: 'resources', id, data: { ratesFeed: `${base}/missing/x` } })
    await cycle(id)
    expect(await offersOf(id)).toEqual([])
    expect(await feedOf(id)).toMatchObject({
      ok: false,
      error: 'http',
      http_status: 404,
      accepted: 0,
    })
  })
})

describe('a feed that fails', () => {
  /** An exchanger with good offers landed, whose feed then turns into `path`'s answer. */
  const landedThen = async (feed: Feed | null, path?: string) => {
    const landed = await exchangerWith({
      body: xml([{ from: A, to: B, in: 1, out: 2, amount: 10 }]),
    })
    await cycle(landed.id)
    const before = await offersOf(landed.id)
    if (feed) feeds.set(landed.key, feed)
    if (path) {
      await payload.update({
        collection: 'resources',
        id: landed.id,
        data: { ratesFeed: `${base}${path}` },
      })
    }
    return { ...landed, before }
  }

  it.each([
    ['with a Content-Length', { body: Buffer.alloc(MAX_BYTES * 3, ' ') }],
    ['without one', { body: Buffer.alloc(MAX_BYTES * 3, ' '), length: false as const }],
    [
      'gzipped small, huge once decoded',
      { body: gzipSync(Buffer.alloc(MAX_BYTES * 50, ' ')), encoding: 'gzip' as const },
    ],
  ])('refuses a body over the limit (%s) and keeps the old offers', async (_, feed) => {
    const { id, before } = await landedThen(feed)
    expect((await cycle(id)).outcomes).toEqual({ 'too-large': 1 })
    expect(await offersOf(id)).toEqual(before)
    expect(await feedOf(id)).toMatchObject({
      ok: false,
      error: 'too-large',
      http_status: 200,
      accepted: 1,
    })
  })

  it('stops reading an endless body as soon as it passes the limit', async () => {
    const result = await fetchFeed(
      `${base}/endless/x`,
      { etag: null, lastModified: null },
      SETTINGS,
    )
    // Over the limit, not at the deadline: reading stopped at the size.
    expect(result).toMatchObject({ kind: 'error', error: 'too-large' })
  })

  it('gives up on a feed that trickles, at its deadline, and keeps the old offers', async () => {
    const { id, before } = await landedThen({ body: '<rates>', trickle: true })
    const run = await runRatesCycle({
      payload,
      settings: { ...SETTINGS, timeoutMs: TRICKLE_DEADLINE_MS },
      resourceIds: [id],
    })
    expect(run.outcomes).toEqual({ timeout: 1 })
    expect(await offersOf(id)).toEqual(before)
    expect(await feedOf(id)).toMatchObject({ ok: false, error: 'timeout' })
    expect((await feedOf(id)).ms).toBeGreaterThanOrEqual(TRICKLE_DEADLINE_MS - 50)
  })

  it('refuses private addresses, first or after a redirect, without asking them', async () => {
    const { id } = await exchangerWith(null, '/to-private/x')
    await cycle(id)
    expect(await feedOf(id)).toMatchObject({ ok: false, error: 'private' })
    for (const url of [
      'http://10.20.30.40/rates.xml',
      'http://169.254.169.254/latest',
      'http://[::1]/r',
    ]) {
      expect(await fetchFeed(url, { etag: null, lastModified: null }, SETTINGS), url).toMatchObject(
        {
          kind: 'error',
          error: 'private',
        },
      )
    }
    expect(
      await fetchFeed(
        `${base}/f/x`,
        { etag: null, lastModified: null },
        {
          ...SETTINGS,
          allowedAddresses: [],
        },
      ),
    ).toMatchObject({ kind: 'error', error: 'private' })
  })

  it('records an HTTP error or a body in neither format, and asks for the whole body next time', async () => {
    const { id, key, before } = await landedThen({ body: '<html>Maintenance</html>', etag: '"m"' })
    expect((await cycle(id)).outcomes).toEqual({ format: 1 })
    expect(await offersOf(id)).toEqual(before)
    expect(await feedOf(id)).toMatchObject({
      ok: false,
      error: 'format',
      etag: null,
      body_hash: null,
    })
    await cycle(id)
    expect(hitsOf(key).at(-1)).toMatchObject({ status: 200, ifNoneMatch: undefined })
    const missing = await landedThen(null, '/missing/y')
    expect((await cycle(missing.id)).outcomes).toEqual({ http: 1 })
    expect(await feedOf(missing.id)).toMatchObject({ ok: false, error: 'http', http_status: 404 })
  })

  it('replaces the offers whole or not at all: a write that fails midway leaves the old set', async () => {
    const { id, key, before } = await landedThen(null)
    feeds.set(key, {
      body: xml([
        { from: A, to: C, in: 1, out: 3, amount: 10 },
        { from: C, to: B, in: 1, out: 9, amount: 10 },
      ]),
    })
    // The database refuses the second new row (a fault of the database's, not the feed's).
    const trigger = `rates_fault_${id}`
    await query(
      sql.raw(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.resource_id = ${id} AND NEW.from_code = '${C}' THEN
        RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`),
    )
    await query(
      sql.raw(`CREATE TRIGGER ${trigger} BEFORE INSERT ON exchange_rates
      FOR EACH ROW EXECUTE FUNCTION ${trigger}()`),
    )
    try {
      expect((await cycle(id)).outcomes).toEqual({ 'write-failed': 1 })
    } finally {
      await query(sql.raw(`DROP TRIGGER ${trigger} ON exchange_rates; DROP FUNCTION ${trigger}()`))
    }
    expect(await offersOf(id)).toEqual(before)
    expect(await feedOf(id)).toMatchObject({ ok: true, accepted: 1 })
    // Once the database takes it, the whole new set lands.
    await cycle(id)
    expect((await offersOf(id)).map((offer) => offer.direction)).toEqual([`${A}-${C}`, `${C}-${B}`])
  })

  it('a reader never sees half a set while feeds are replaced', async () => {
    const setOf = (out: number, codes: [string, string][]) =>
      xml(codes.map(([from, to]) => ({ from, to, in: 1, out, amount: 10 })))
    const first: [string, string][] = [
      [A, B],
      [B, C],
      [C, A],
    ]
    const second: [string, string][] = [
      [B, A],
      [C, B],
      [A, C],
    ]
    const { id, key } = await exchangerWith({ body: setOf(1, first) })
    await cycle(id)
    const seen = new Set<string>()
    let done = false
    const reader = (async () => {
      while (!done) {
        const rows = await offersOf(id)
        seen.add(rows.map((row) => row.direction).join(' '))
      }
    })()
    for (let round = 0; round < 6; round += 1) {
      feeds.set(key, { body: setOf(round + 2, round % 2 ? first : second) })
      await cycle(id)
    }
    done = true
    await reader
    const sets = [first, second].map((set) =>
      set
        .map(([from, to]) => `${from}-${to}`)
        .sort()
        .join(' '),
    )
    for (const set of seen) expect(sets).toContain(set)
  })
})

describe('who is fetched', () => {
  it('drops the offers and feed of an exchanger that is unverified, warned or loses its feed', async () => {
    const body = xml([{ from: A, to: B, in: 1, out: 2, amount: 10 }])
    const unverified = await exchangerWith({ body })
    const warned = await exchangerWith({ body })
    const cleared = await exchangerWith({ body })
    const ids = [unverified.id, warned.id, cleared.id]
    await cycle(...ids)
    for (const id of ids) expect(await offersOf(id)).toHaveLength(1)
    await payload.update({ collection: 'resources', id: unverified.id, data: { verified: false } })
    await payload.update({
      collection: 'resources',
      id: warned.id,
      data: { publicStatus: 'warning', publicStatusReason: 'Complaints under review' },
    })
    await payload.update({ collection: 'resources', id: cleared.id, data: { ratesFeed: '' } })
    const asked = hits.length
    const run = await cycle(...ids)
    expect(run.feeds).toBe(0)
    expect(hits.length).toBe(asked)
    expect(run.changed.sort()).toEqual([...ids].sort())
    for (const id of ids) {
      expect(await offersOf(id)).toEqual([])
      expect(await feedOf(id)).toBeUndefined()
    }
  })

  it('runs one cycle at a time: a cycle that finds the lease held does nothing', async () => {
    const { id, key } = await exchangerWith({
      body: xml([{ from: A, to: B, in: 1, out: 2, amount: 1 }]),
    })
    expect(await takeRateFetchLease({ payload, holder: 'another', seconds: 60 })).toBe(true)
    try {
      expect(await cycle(id)).toMatchObject({ skipped: true, feeds: 0 })
      expect(hitsOf(key)).toEqual([])
    } finally {
      await releaseRateFetchLease({ payload, holder: 'another' })
    }
    expect(await cycle(id)).toMatchObject({ skipped: false, feeds: 1 })
  })

  it('runs as the queue runs it, with the settings of the environment: private addresses refused', async () => {
    const { id, key } = await exchangerWith({
      body: xml([{ from: A, to: B, in: 1, out: 2, amount: 1 }]),
    })
    // Its own exchanger only: a whole cycle would fetch other files' feeds too.
    await payload.jobs.queue({ task: RATES_TASK, queue: RATES_QUEUE, input: { resourceIds: [id] } })
    await payload.jobs.run({ queue: RATES_QUEUE, limit: 1, silent: true })
    // RATES_FETCH_ALLOW_PRIVATE is off here, and the tests' server is on the loopback.
    expect(await feedOf(id)).toMatchObject({ ok: false, error: 'private' })
    expect(hitsOf(key)).toEqual([])
  })

  it('is a task of its own queue, and its history clean-up one of the hourly clean-ups', () => {
    const tasks = payload.config.jobs.tasks ?? []
    expect(tasks.find((task) => task.slug === RATES_TASK)?.schedule).toEqual([
      { cron: '0 */1 * * * *', queue: RATES_QUEUE },
    ])
    const autoRun = payload.config.jobs.autoRun
    expect(Array.isArray(autoRun) && autoRun.some((run) => run.queue === RATES_QUEUE)).toBe(true)
    expect(tasks.some((task) => task.slug === CLEAN_UP_TASKS.rateHistory)).toBe(true)
  })
})

describe('the history and the figures', () => {
  it('upserts this hour of each direction from the fresh offers, and forgets hours past 90 days', async () => {
    const one = await exchangerWith({ body: xml([{ from: D, to: E, in: 1, out: 2, amount: 100 }]) })
    const two = await exchangerWith({ body: xml([{ from: D, to: E, in: 2, out: 5, amount: 50 }]) })
    const three = await exchangerWith({ body: xml([{ from: D, to: E, in: 1, out: 3, amount: 1 }]) })
    await cycle(one.id, two.id, three.id)
    const hour = () =>
      query<{ best_rate: number; median_rate: number; offers: number; reserve: number }>(
        sql`SELECT best_rate::float8 AS best_rate, median_rate::float8 AS median_rate, offers,
            reserve::float8 AS reserve
          FROM exchange_rate_history
          WHERE from_code = ${D} AND to_code = ${E} AND hour = date_trunc('hour', now())`,
      )
    expect(await hour()).toEqual([{ best_rate: 3, median_rate: 2.5, offers: 3, reserve: 151 }])
    // A stale feed is out; the same hour is written again.
    await query(sql`UPDATE rate_feeds SET fresh_at = now() - interval '10 minutes'
      WHERE resource_id = ${three.id}`)
    feeds.set(one.key, { body: xml([{ from: D, to: E, in: 1, out: 2.2, amount: 100 }]) })
    await cycle(one.id)
    expect(await hour()).toEqual([{ best_rate: 2.5, median_rate: 2.35, offers: 2, reserve: 150 }])
    await query(sql`INSERT INTO exchange_rate_history VALUES
      (${D}, ${E}, date_trunc('hour', now()) - make_interval(days => ${RATES_HISTORY_DAYS + 1}), 1, 1, 1, 1),
      (${D}, ${E}, date_trunc('hour', now()) - make_interval(days => ${RATES_HISTORY_DAYS - 1}), 1, 1, 1, 1)`)
    await payload.jobs.queue({ task: CLEAN_UP_TASKS.rateHistory, input: {} })
    await payload.jobs.run({ limit: 50, silent: true })
    const [{ hours }] = await query<{ hours: number }>(
      sql`SELECT count(*)::int AS hours FROM exchange_rate_history
        WHERE from_code = ${D} AND to_code = ${E}`,
    )
    expect(hours).toBe(2)
  })

  it('shows its figures to the metrics, and leaves every connection idle', async () => {
    const { id } = await exchangerWith({
      body: xml([
        { from: A, to: B, in: 1, out: 2, amount: 1 },
        { from: A, to: 'NOPE', in: 1, out: 2, amount: 1 },
      ]),
    })
    await cycle(id)
    const { body } = await metricsText()
    expect(body).toMatch(/obzor_rates_fetches_total\{outcome="ok"\} [1-9]/)
    expect(body).toMatch(/obzor_rates_items_total\{verdict="refused"\} [1-9]/)
    expect(body).toMatch(/obzor_rates_cycle_duration_seconds_count [1-9]/)
    expect(body).toMatch(/obzor_rates_cycle_feeds 1/)
    expect(body).toMatch(/obzor_rates_stale_feeds \d+/)
    const pool = postgresOf(payload).pool
    expect(pool.waitingCount).toBe(0)
    expect(pool.totalCount - pool.idleCount).toBe(0)
  })

  it("turns the worker's health unhealthy when no feed has been fetched for five periods", async () => {
    const { id } = await exchangerWith({
      body: xml([{ from: A, to: B, in: 1, out: 2, amount: 1 }]),
    })
    await cycle(id)
    const healthy = await workerHealth(payload, Date.now())
    expect(healthy.rates).toMatchObject({ stalled: false, lastFetchSecondsAgo: 0 })
    expect(healthy.rates?.feeds).toBeGreaterThan(0)
    // The cycles stopped (RATES_FETCH_SECONDS is 60 here): an hour since any feed was fetched.
    await query(sql`UPDATE rate_feeds SET fetched_at = fetched_at - interval '1 hour'`)
    const stalled = await workerHealth(payload, Date.now() - 3_600_000)
    expect(stalled).toMatchObject({ healthy: false, rates: { stalled: true } })
    await cycle(id)
    expect((await workerHealth(payload, Date.now())).rates?.stalled).toBe(false)
  })
})
