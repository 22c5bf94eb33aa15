import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { sql } from 'drizzle-orm'
import { tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external'
import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { CLEAN_UP_TASKS } from '@/server/cleanUp'
import { type ProbeOptions, isPublicAddress, probeLink } from '@/server/linkChecks/probe'
import { runLinkChecks } from '@/server/linkChecks/run'
import { LINK_CHECK_TASK } from '@/server/linkChecks/task'
import {
  releaseLinkCheckLease,
  takeLinkCheckLease,
  readDownLinks,
  readLinkHealth,
} from '@/server/sql/linkChecks'
import { runSql } from '@/server/sql/run'

import { createMember, createResource, unique } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload
let server: Server
let base: string
let closedPort: number
/** What the test server saw: each request's method and path, and the most at once. */
let seen: { method: string; path: string; agent?: string }[] = []
let open = 0
let mostOpen = 0
/** Paths that answer 503 until the test says otherwise. */
const failing = new Set<string>()

const TIMEOUT_MS = 600
const LOCAL: ProbeOptions = {
  timeoutMs: TIMEOUT_MS,
  userAgent: 'ObzorLinkCheck/1.0 (+http://localhost:3000/about-us)',
  allowPrivate: true,
}
const PUBLIC_ONLY: ProbeOptions = { ...LOCAL, allowPrivate: false }
const settings = (concurrency = 4) => ({ ...LOCAL, concurrency })

const answer = (request: IncomingMessage, response: ServerResponse) => {
  const path = request.url ?? '/'
  seen.push({ method: request.method ?? '', path, agent: request.headers['user-agent'] })
  open += 1
  mostOpen = Math.max(mostOpen, open)
  response.on('close', () => (open -= 1))
  const [, route, rest] = path.split('?')[0].split('/')
  if (failing.has(path)) return void response.writeHead(503).end()
  if (route === 'ok') return void response.writeHead(200).end('fine')
  if (route === 'head-405') {
    return void response.writeHead(request.method === 'HEAD' ? 405 : 200).end()
  }
  if (route === 'head-501') {
    return void response.writeHead(request.method === 'HEAD' ? 501 : 200).end()
  }
  if (route === 'hang') return
  if (route === 'missing') return void response.writeHead(404).end()
  if (route === 'wall') return void response.writeHead(403).end()
  if (route === 'slow') return void setTimeout(() => response.writeHead(200).end(), 150)
  if (route === 'hops') {
    const left = Number(rest)
    if (left === 0) return void response.writeHead(200).end()
    return void response.writeHead(302, { location: `/hops/${left - 1}` }).end()
  }
  if (route === 'to-private') {
    return void response.writeHead(301, { location: 'http://10.20.30.40/' }).end()
  }
  if (route === 'to-ftp') return void response.writeHead(302, { location: 'ftp://host/' }).end()
  response.writeHead(404).end()
}

const listen = (target: Server) =>
  new Promise<number>((resolve) =>
    target.listen(0, '127.0.0.1', () => resolve((target.address() as AddressInfo).port)),
  )

beforeAll(async () => {
  payload = await startPayload()
  server = createServer(answer)
  base = `http://127.0.0.1:${await listen(server)}`
  const closed = createServer()
  closedPort = await listen(closed)
  await new Promise((resolve) => closed.close(resolve))
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await releasePayload()
})

beforeEach(() => {
  seen = []
  mostOpen = 0
  failing.clear()
})

const query = async <Row = Record<string, unknown>>(statement: ReturnType<typeof sql>) =>
  (await runSql<Row>({ payload, query: statement })).rows

/**
 * The resources this file made: its runs check only theirs, as other files' resources (the demo's)
 * share the database and keep the states their own tests read.
 */
const own: number[] = []
const checkOwn = (concurrency?: number) =>
  runLinkChecks({ payload, settings: settings(concurrency), resourceIds: own })

/** A published resource listing these addresses (paths of the test server, or whole URLs). */
const resourceWith = async (...links: string[]) => {
  const resource = await createResource({ payload })
  own.push(resource.id)
  return payload.update({
    collection: 'resources',
    id: resource.id,
    data: { links: links.map((link) => ({ url: link.startsWith('/') ? base + link : link })) },
  })
}

const stateOf = async (resourceId: number, url: string) => {
  const [state] = await query<{ up: boolean; since: string }>(
    sql`SELECT up, since FROM link_states WHERE resource_id = ${resourceId} AND url = ${url}`,
  )
  return state && { up: state.up, since: new Date(state.since).getTime() }
}

describe('checking one address', () => {
  it('should find an address that answers 200 up', async () => {
    expect(await probeLink(`${base}/ok`, LOCAL)).toMatchObject({
      up: true,
      status: 200,
      error: null,
    })
    expect(seen).toEqual([{ method: 'HEAD', path: '/ok', agent: LOCAL.userAgent }])
  })

  it('should ask with GET when HEAD is answered 405 or 501', async () => {
    expect(await probeLink(`${base}/head-405`, LOCAL)).toMatchObject({ up: true, status: 200 })
    expect(await probeLink(`${base}/head-501`, LOCAL)).toMatchObject({ up: true, status: 200 })
    expect(seen.map((hit) => hit.method)).toEqual(['HEAD', 'GET', 'HEAD', 'GET'])
  })

  it('should give up on an address that does not answer, within its time', async () => {
    const started = Date.now()
    expect(await probeLink(`${base}/hang`, LOCAL)).toMatchObject({ up: false, error: 'timeout' })
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3)
  })

  it('should find a closed port down, refused', async () => {
    expect(await probeLink(`http://127.0.0.1:${closedPort}/`, LOCAL)).toMatchObject({
      up: false,
      status: null,
      error: 'refused',
    })
  })

  it('should follow a few redirects, and no more', async () => {
    expect(await probeLink(`${base}/hops/3`, LOCAL)).toMatchObject({ up: true, status: 200 })
    expect(await probeLink(`${base}/hops/9`, LOCAL)).toMatchObject({
      up: false,
      error: 'redirects',
    })
  })

  it('should refuse a redirect to a private address when private ones are not allowed', async () => {
    const options = { ...PUBLIC_ONLY, allowedAddresses: ['127.0.0.1'] }
    expect(await probeLink(`${base}/ok`, options)).toMatchObject({ up: true })
    expect(await probeLink(`${base}/to-private`, options)).toMatchObject({
      up: false,
      error: 'private',
    })
  })

  it('should refuse addresses that are not http(s), first or after a redirect', async () => {
    expect(await probeLink('ftp://example.com/file', LOCAL)).toMatchObject({ error: 'scheme' })
    expect(await probeLink('javascript:alert(1)', LOCAL)).toMatchObject({ error: 'scheme' })
    expect(await probeLink(`${base}/to-ftp`, LOCAL)).toMatchObject({ up: false, error: 'scheme' })
  })

  it('should count 403 as up (an anti-bot wall answers) and 404 or 503 as down', async () => {
    expect(await probeLink(`${base}/wall`, LOCAL)).toMatchObject({ up: true, status: 403 })
    expect(await probeLink(`${base}/missing`, LOCAL)).toMatchObject({
      up: false,
      status: 404,
      error: 'http',
    })
    failing.add('/ok')
    expect(await probeLink(`${base}/ok`, LOCAL)).toMatchObject({ up: false, status: 503 })
  })

  it.each([
    `http://127.0.0.1:1/`,
    `http://localhost:1/`,
    'http://10.1.2.3/',
    'http://192.168.0.1/',
    'http://172.16.5.5/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://0.0.0.0/',
    'http://[fd00::1]/',
  ])('should refuse %s without LINK_CHECK_ALLOW_PRIVATE, connecting nowhere', async (url) => {
    expect(await probeLink(url, PUBLIC_ONLY)).toMatchObject({ up: false, error: 'private' })
  })

  it('should take only global unicast addresses as public', () => {
    expect(['93.184.215.14', '2606:4700::6810:85e5'].map(isPublicAddress)).toEqual([true, true])
    expect(['127.0.0.1', '10.0.0.1', '::1', 'fe80::1', 'nonsense'].map(isPublicAddress)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
  })
})

describe('a run of the monitor', () => {
  it('should record each address’s state and flip it, with since, only when it changes', async () => {
    const path = `/ok?${unique()}`
    const resource = await resourceWith(path)
    const url = base + path
    const first = await checkOwn()
    expect(first.flipped).toContain(resource.id)
    const upSince = (await stateOf(resource.id, url)).since

    const again = await checkOwn()
    expect(again.flipped).not.toContain(resource.id)
    expect((await stateOf(resource.id, url)).since).toEqual(upSince)

    failing.add(path)
    const down = await checkOwn()
    expect(down.flipped).toContain(resource.id)
    const downState = await stateOf(resource.id, url)
    expect(downState.up).toBe(false)
    expect(downState.since).toBeGreaterThan(upSince)
    // "My resources" lists it as down.
    expect(await readDownLinks({ payload, resourceIds: [resource.id] })).toEqual([
      expect.objectContaining({ resource_id: resource.id, url }),
    ])

    await checkOwn()
    expect((await stateOf(resource.id, url)).since).toEqual(downState.since)
  })

  it('should expire the resource’s page when an address’s state flips', async () => {
    const path = `/ok?${unique()}`
    const resource = await resourceWith(path)
    const before = Date.now()
    await checkOwn()
    const tag = tagsManifest.get(`resource:${resource.id}`)
    expect(tag?.expired).toBeGreaterThanOrEqual(before)
  })

  it('should give the share of the last 30 days’ checks that found it up', async () => {
    const path = `/ok?${unique()}`
    const resource = await resourceWith(path)
    const url = base + path
    await query(sql`INSERT INTO link_checks (resource_id, url, checked_at, up)
      SELECT ${resource.id}, ${url}, now() - make_interval(days => d), d % 4 <> 0
      FROM generate_series(1, 28) AS d`)
    await query(sql`INSERT INTO link_checks (resource_id, url, checked_at, up)
      VALUES (${resource.id}, ${url}, now() - interval '31 days', false)`)
    await checkOwn()
    const [health] = await readLinkHealth({ payload, resourceId: resource.id })
    // 28 old checks, 7 of them down (days 4, 8 … 28), and this run's, up: 22 of 29.
    expect(health).toMatchObject({ url, up: true, checks: 29, checks_up: 22 })
  })

  it('should ask an address once per run however many resources list it', async () => {
    const path = `/ok?${unique()}`
    const [one, two] = [await resourceWith(path), await resourceWith(path, `${path}&mirror`)]
    await checkOwn()
    expect(seen.filter((hit) => hit.path === path)).toHaveLength(1)
    expect((await stateOf(one.id, base + path)).up).toBe(true)
    expect((await stateOf(two.id, base + path)).up).toBe(true)
  })

  it('should ask at most LINK_CHECK_CONCURRENCY addresses at a time', async () => {
    const tag = unique()
    await resourceWith(...Array.from({ length: 9 }, (_, i) => `/slow/${tag}-${i}`))
    await checkOwn(3)
    expect(seen.filter((hit) => hit.path.startsWith(`/slow/${tag}`))).toHaveLength(9)
    expect(mostOpen).toBe(3)
  })

  it('should end in bounded time even when addresses hang', async () => {
    const tag = unique()
    const resource = await resourceWith(`/hang?${tag}-1`, `/hang?${tag}-2`, `/hang?${tag}-3`)
    const started = Date.now()
    await checkOwn(4)
    // Never waiting on a hanging site: the run ends within a few timeouts, whatever else the
    // test database lists (other tests' addresses, whose lookups fail here in their own time).
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 10)
    await payload.delete({ collection: 'resources', id: resource.id })
  })

  it('should not check Tor or I2P addresses', async () => {
    const resource = await resourceWith('http://exampleonionaddress.onion/', 'http://shop.i2p/')
    await checkOwn()
    expect(
      await query(sql`SELECT 1 FROM link_checks WHERE resource_id = ${resource.id}`),
    ).toHaveLength(0)
  })

  it('should check only published resources', async () => {
    const path = `/ok?${unique()}`
    const resource = await createResource({ payload, status: 'pending' })
    await payload.update({
      collection: 'resources',
      id: resource.id,
      data: { links: [{ url: base + path }] },
    })
    await checkOwn()
    expect(seen.filter((hit) => hit.path === path)).toHaveLength(0)
  })

  it('should do nothing while another run holds the lease, and run once it has ended', async () => {
    const holder = `another run ${unique()}`
    expect(await takeLinkCheckLease({ payload, holder, seconds: 60 })).toBe(true)
    try {
      expect(await checkOwn()).toMatchObject({
        skipped: true,
        checked: 0,
      })
    } finally {
      await releaseLinkCheckLease({ payload, holder })
    }
    expect(await checkOwn()).toMatchObject({
      skipped: false,
    })
  })

  it('should take over the lease of a run that died once it has run out', async () => {
    expect(await takeLinkCheckLease({ payload, holder: 'a run that died', seconds: 0.05 })).toBe(
      true,
    )
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await checkOwn()).toMatchObject({
      skipped: false,
    })
  })

  it('should forget a changed address and a deleted resource', async () => {
    const path = `/ok?${unique()}`
    const resource = await resourceWith(path)
    await checkOwn()
    await payload.update({
      collection: 'resources',
      id: resource.id,
      data: { links: [{ url: `${base}${path}&new` }] },
    })
    expect(await readLinkHealth({ payload, resourceId: resource.id })).toEqual([
      expect.objectContaining({ url: `${base}${path}&new`, up: null, checks: 0 }),
    ])
    await checkOwn()
    expect(await stateOf(resource.id, base + path)).toBeUndefined()
    await payload.delete({ collection: 'resources', id: resource.id })
    expect(
      await query(sql`SELECT 1 FROM link_checks WHERE resource_id = ${resource.id}
        UNION ALL SELECT 1 FROM link_states WHERE resource_id = ${resource.id}`),
    ).toHaveLength(0)
  })
})

describe('the jobs queue', () => {
  it('should let no member nor editor queue or run the checks through REST or GraphQL', async () => {
    const before = await payload.count({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: LINK_CHECK_TASK } },
    })
    for (const role of ['user', 'editor'] as const) {
      const { token } = await createMember({ payload, role })
      const created = await rest('POST', '/payload-jobs', {
        token,
        body: { taskSlug: LINK_CHECK_TASK, input: {} },
      })
      expect(created.status).toBeGreaterThanOrEqual(400)
      expect(created.status).toBeLessThan(500)
      const viaGraphql = await graphql(
        `mutation { createPayloadJob(data: { taskSlug: ${LINK_CHECK_TASK} }) { id } }`,
        { token },
      )
      expect(viaGraphql.json?.data?.createPayloadJob ?? null).toBeNull()
      expect([401, 403]).toContain((await rest('GET', '/payload-jobs/run', { token })).status)
    }
    expect(
      await payload.count({
        collection: 'payload-jobs',
        where: { taskSlug: { equals: LINK_CHECK_TASK } },
      }),
    ).toEqual(before)
  })

  it('should run the checks as a queued job', async () => {
    const path = `/ok?${unique()}`
    const resource = await resourceWith(path)
    Object.assign(process.env, { LINK_CHECK_ALLOW_PRIVATE: 'true', LINK_CHECK_TIMEOUT_MS: '600' })
    try {
      const job = await payload.jobs.queue({ task: LINK_CHECK_TASK, input: { resourceIds: own } })
      await payload.jobs.runByID({ id: job.id })
    } finally {
      delete process.env.LINK_CHECK_ALLOW_PRIVATE
      delete process.env.LINK_CHECK_TIMEOUT_MS
    }
    expect((await stateOf(resource.id, base + path)).up).toBe(true)
    expect(seen.find((hit) => hit.path === path)?.agent).toBe(
      'ObzorLinkCheck/1.0 (+http://localhost:3000/about-us)',
    )
  })

  it('should refuse private addresses in a queued run without LINK_CHECK_ALLOW_PRIVATE', async () => {
    const path = `/ok?${unique()}`
    const resource = await resourceWith(path)
    const job = await payload.jobs.queue({ task: LINK_CHECK_TASK, input: { resourceIds: own } })
    await payload.jobs.runByID({ id: job.id })
    expect(seen.filter((hit) => hit.path === path)).toHaveLength(0)
    const [check] = await query<{ up: boolean; error: string }>(
      sql`SELECT up, error FROM link_checks WHERE resource_id = ${resource.id}`,
    )
    expect(check).toEqual({ up: false, error: 'private' })
  })

  it('should prune checks past the history kept, and those of unlisted addresses', async () => {
    const path = `/ok?${unique()}`
    const resource = await resourceWith(path)
    const url = base + path
    await query(sql`INSERT INTO link_checks (resource_id, url, checked_at, up) VALUES
      (${resource.id}, ${url}, now() - interval '40 days', true),
      (${resource.id}, ${url}, now() - interval '20 days', true),
      (${resource.id}, ${`${url}&gone`}, now() - interval '1 day', true)`)
    const job = await payload.jobs.queue({ task: CLEAN_UP_TASKS.linkChecks, input: {} })
    await payload.jobs.runByID({ id: job.id })
    const left = await query<{ url: string }>(
      sql`SELECT url FROM link_checks WHERE resource_id = ${resource.id}`,
    )
    expect(left).toEqual([{ url }])
  })
})
