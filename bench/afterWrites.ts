import autocannon from 'autocannon'
import type pg from 'pg'

import { type ResourceType, prefixOf } from '@/lib/resourceTypes'

/**
 * What visitors see in the minute after writes (issue 45): `writes` resource pages, each rendered
 * and cached first, are visited over and over at `connections` for `seconds` while one review a
 * resource is written, spread evenly over the first half. Each write is made as another process
 * of the site makes one (a second instance, a script): the review's row, then the expiry notice
 * on PostgreSQL's `cache_expiry` channel that the server follows (src/server/cacheExpiryBus.ts),
 * in the form the review's hook sends it: `now` (every page it touches waits for a render) or
 * `background` (served once more as it was while one render refreshes it). The answers are
 * counted by Next's `x-nextjs-cache` header: MISS (a visitor waited for a render), STALE, HIT.
 */
export const measureAfterWrites = async ({
  base,
  client,
  refresh,
  writes,
  seconds,
  connections,
  skip,
}: {
  base: string
  client: pg.Client
  refresh: 'now' | 'background'
  writes: number
  seconds: number
  connections: number
  /** Resources to leave to other measurements (the first ones of the order). */
  skip: number
}) => {
  const { rows: resources } = await client.query<{ id: number; type: ResourceType; slug: string }>(
    `SELECT id, type, slug FROM resources WHERE status = 'published' AND slug LIKE 'bulk-%'
     ORDER BY md5(slug || 'after-writes') OFFSET $1 LIMIT $2`,
    [skip, writes],
  )
  const { rows: authors } = await client.query<{ id: number }>(
    `SELECT id FROM users WHERE username LIKE 'bulk-user-%' ORDER BY id DESC LIMIT $1`,
    [writes],
  )
  const paths = resources.map(({ type, slug }) => `/en/resources/${prefixOf(type)}/${slug}`)
  for (const path of paths) await cached(`${base}${path}`)

  const states: Record<string, number> = {}
  let next = 0
  const run = autocannon({
    url: `${base}${paths[0]}`,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: <R>(request: R) => ({ ...request, path: paths[next++ % paths.length] }),
        onResponse: (_status: number, _body: string, _context: unknown, headers?: unknown) => {
          const state = cacheState(headers)
          states[state] = (states[state] ?? 0) + 1
        },
      },
    ],
  })
  const spacing = (seconds * 1000) / 2 / writes
  for (const [index, resource] of resources.entries()) {
    await new Promise((done) => setTimeout(done, spacing))
    await client.query(
      `INSERT INTO reviews (resource_id, author_id, grade, comment, status)
       VALUES ($1, $2, 4, 'Written during the measurement.', 'published')
       ON CONFLICT (resource_id, author_id) DO NOTHING`,
      [resource.id, authors[index % authors.length].id],
    )
    const tags = ['home', `resource:${resource.id}`, `listing:${resource.type}`]
    const notice = ['bench-writer', ...(refresh === 'background' ? ['~'] : []), ...tags].join(' ')
    await client.query(`SELECT pg_notify('cache_expiry', $1)`, [notice])
  }
  const result = await run
  const row = {
    name: `resource pages while ${writes} reviews are written, refreshed ${refresh === 'now' ? 'at the next visit' : 'in the background'}`,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    renderedForAVisitor: states.MISS ?? 0,
    servedStale: states.STALE ?? 0,
    served: states.HIT ?? 0,
    non2xx: result.non2xx,
    errors: result.errors,
  }
  console.log(row)
  return row
}

/** Next's answer about the cache, from autocannon's headers (name: value). */
const cacheState = (headers: unknown) => {
  const found = Object.entries((headers ?? {}) as Record<string, unknown>).find(
    ([name]) => name.toLowerCase() === 'x-nextjs-cache',
  )
  return found ? String(found[1]) : 'none'
}

/** Visits `url` until the page cache serves it. */
const cached = async (url: string) => {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await fetch(url)
    await response.arrayBuffer()
    if (response.headers.get('x-nextjs-cache') === 'HIT') return
  }
  throw new Error(`${url} was never served from the cache`)
}
