import { sql } from 'drizzle-orm'
import { Redis } from 'ioredis'
import type { Payload } from 'payload'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'

import { splitByMonths } from '@/data/views/siteAnalytics'
import { addDays, csvCell } from '@/lib/analytics'
import { PEER_ADDRESS_HEADER } from '@/lib/peerAddress'
import { flush, remembersVisitorsOf, record, resetRecorder } from '@/server/analytics/recorder'
import { ROLL_UP_TASK } from '@/server/analytics/rollUp'
import type { ServerHooks } from '@/server/serverHooks'
import { addTrackedBatch } from '@/server/sql/analytics'
import { rollUpResourceMonths, rollUpSiteDays } from '@/server/sql/analyticsRollUp'
import { runSql } from '@/server/sql/run'

import { freePort } from '../../scripts/lib/ports'
import { holdTheDay, realClock } from '../helpers/clock'
import { createMember, createResource, unique } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

// What is counted goes by the UTC day: each test's writes and reads fall in one day.
let today: string
beforeEach(() => {
  today = holdTheDay()
})

afterEach(async () => {
  realClock()
  if (process.env.REDIS_URL) {
    // What the Redis test left on the run's own Redis: its day's salt and seen visitors.
    const redis = new Redis(process.env.REDIS_URL)
    const keys = await redis.keys('analytics:*')
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
  }
  delete process.env.REDIS_URL
  resetRecorder()
})

afterAll(releasePayload)

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'

let addressCounter = 0
/** An address of its own for each visitor (TEST-NET-2), so per-address caps never meet. */
const newAddress = () => {
  addressCounter += 1
  return `198.51.${(addressCounter >> 8) & 255}.${addressCounter & 255}`
}

const trackCall = (
  body: Record<string, unknown>,
  {
    address = newAddress(),
    agent = BROWSER,
    token,
    headers = {},
  }: { address?: string; agent?: string; token?: string; headers?: Record<string, string> } = {},
) =>
  rest('POST', '/track', {
    body,
    token,
    headers: { [PEER_ADDRESS_HEADER]: address, 'User-Agent': agent, ...headers },
  })

/** A guest's report on the app server's own path: the hook it finds once Payload has started. */
const guestReports = () =>
  (globalThis as { obzorServerHooks?: ServerHooks }).obzorServerHooks!.answerGuestReport

const view = (resource: number, options?: Parameters<typeof trackCall>[1]) =>
  trackCall({ resource_id: resource, event: 'view' }, options)

const figuresOf = async (token: string, resource: number, range = '7d') => {
  const { status, json } = await rest('GET', `/analytics?range=${range}&resource=${resource}`, {
    token,
  })
  expect(status).toBe(200)
  return json
}

/** An owner with a published resource of theirs. */
const ownerWithResource = async (type: 'marketplace' | 'shop' = 'marketplace') => {
  const owner = await createMember({ payload, role: 'owner' })
  const resource = await createResource({ payload, owner: owner.user.id, type })
  return { owner, resource }
}

const query = <Row>(statement: ReturnType<typeof sql>) =>
  runSql<Row>({ payload, query: statement }).then(({ rows }) => rows)

describe('tracking views and clicks', () => {
  it('should count a view once per visitor per day, and every click', async () => {
    const { owner, resource } = await ownerWithResource()
    const alice = newAddress()
    for (let i = 0; i < 3; i += 1) {
      expect((await view(resource.id, { address: alice })).status).toBe(204)
    }
    await view(resource.id, { address: alice, agent: `${BROWSER} Edg/156.0` })
    await view(resource.id)
    await trackCall({ resource_id: resource.id, event: 'click', link: 'site' })
    await trackCall({ resource_id: resource.id, event: 'click', link: 'mirror' })
    await trackCall({ resource_id: resource.id, event: 'click' })
    await flush()

    const figures = await figuresOf(owner.token, resource.id)
    expect(figures.totals).toMatchObject({
      views: 5,
      visitors: 3,
      site_clicks: 2,
      mirror_clicks: 1,
      clicks: 3,
      ctr: 3 / 5,
    })
    expect(figures.days.at(-1)).toMatchObject({ day: today, views: 5 })
  })

  it('should not count bots, prefetches, DNT, GPC or the resource’s own staff', async () => {
    const { owner, resource } = await ownerWithResource()
    const operator = await createMember({
      payload,
      role: 'marketplaceOperator',
      employer: owner.user.id,
    })
    const answers = await Promise.all([
      view(resource.id, { agent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }),
      view(resource.id, { agent: '' }),
      view(resource.id, { headers: { 'Sec-Purpose': 'prefetch' } }),
      view(resource.id, { headers: { 'Sec-Purpose': 'prefetch;prerender' } }),
      view(resource.id, { headers: { Purpose: 'prefetch' } }),
      view(resource.id, { headers: { DNT: '1' } }),
      view(resource.id, { headers: { 'Sec-GPC': '1' } }),
      view(resource.id, { token: owner.token }),
      view(resource.id, { token: operator.token }),
      trackCall({ resource_id: resource.id, event: 'click', link: 'site' }, { token: owner.token }),
    ])
    // Answered alike: nobody learns from the answer whether they were counted.
    expect(answers.map(({ status }) => status)).toEqual(Array(10).fill(204))
    await view(resource.id)
    await flush()
    expect((await figuresOf(owner.token, resource.id)).totals).toMatchObject({
      views: 1,
      visitors: 1,
      clicks: 0,
    })
  })

  it('should answer a guest’s report alike on the app server’s own path', async () => {
    // scripts/serve.ts hands guests' reports to the hooks the app offered once Payload started.
    const answer = guestReports()
    expect(answer).toBeTypeOf('function')
    const { owner, resource } = await ownerWithResource()
    const from = (address: string, extra: Record<string, string> = {}) =>
      new Headers({
        [PEER_ADDRESS_HEADER]: address,
        'User-Agent': BROWSER,
        'Accept-Language': 'en',
        ...extra,
      })
    const visitor = newAddress()
    const viewed = JSON.stringify({ resource_id: resource.id, event: 'view' })
    expect((await answer({ headers: from(visitor), text: viewed })).status).toBe(204)
    expect((await answer({ headers: from(visitor), text: viewed })).status).toBe(204)
    expect((await answer({ headers: from(newAddress(), { DNT: '1' }), text: viewed })).status).toBe(
      204,
    )
    const bad = await answer({ headers: from(visitor), text: '{"resource_id":"x","event":"view"}' })
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({ errors: { resource_id: [expect.any(String)] } })
    expect((await answer({ headers: from(visitor), text: '[1]' })).status).toBe(400)
    expect((await answer({ headers: from(visitor), text: '{"resource_id":' })).status).toBe(400)
    const flood = newAddress()
    const statuses = []
    for (let i = 0; i < 121; i += 1)
      statuses.push((await answer({ headers: from(flood), text: viewed })).status)
    expect(statuses.at(-1)).toBe(429)
    await flush()
    expect((await figuresOf(owner.token, resource.id)).totals).toMatchObject({
      views: 122,
      visitors: 2,
    })
  })

  it('should refuse what is no report, and not count a resource that does not exist', async () => {
    const bad = await Promise.all([
      trackCall({ resource_id: 'abc', event: 'view' }),
      trackCall({ resource_id: 1, event: 'purchase' }),
      trackCall({ resource_id: 2 ** 31, event: 'view' }),
      trackCall({ resource_id: 1, event: 'click', link: 'ftp' }),
    ])
    expect(bad.map(({ status }) => status)).toEqual([422, 422, 422, 422])
    expect((await trackCall({ resource_id: 2 ** 31 - 1, event: 'view' })).status).toBe(204)
    await flush()
    expect(
      await query(sql`SELECT 1 FROM analytics_resource_days WHERE resource_id = ${2 ** 31 - 1}`),
    ).toEqual([])
  })

  it('should count no view or click of a resource nobody can see, on either path', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const pending = await createResource({ payload, owner: owner.user.id, status: 'pending' })
    const answer = guestReports()
    const guest = (report: Record<string, unknown>) =>
      answer({
        headers: new Headers({ [PEER_ADDRESS_HEADER]: newAddress(), 'User-Agent': BROWSER }),
        text: JSON.stringify(report),
      })
    const siteViews = async () =>
      (
        await query<{ views: number }>(
          sql`SELECT views FROM analytics_site_days WHERE day = ${today}`,
        )
      )[0]?.views ?? 0
    await flush()
    const before = await siteViews()
    const answers = await Promise.all([
      view(pending.id),
      trackCall({ resource_id: pending.id, event: 'click', link: 'site' }),
      guest({ resource_id: pending.id, event: 'view' }),
      guest({ resource_id: pending.id, event: 'click', link: 'mirror' }),
    ])
    // Answered alike: the answer tells nobody whether the resource exists or is published.
    expect(answers.map(({ status }) => status)).toEqual([204, 204, 204, 204])
    await flush()
    const rows = () =>
      query<{ views: number }>(
        sql`SELECT views FROM analytics_resource_days WHERE resource_id = ${pending.id}`,
      )
    expect([await rows(), await siteViews()]).toEqual([[], before])

    await payload.update({ collection: 'resources', id: pending.id, data: { status: 'published' } })
    await guest({ resource_id: pending.id, event: 'view' })
    await flush()
    expect(await rows()).toEqual([{ views: 1 }])
  })

  it('should cap one address that floods the call', async () => {
    const { owner, resource } = await ownerWithResource()
    const flood = newAddress()
    const answers = []
    for (let i = 0; i < 130; i += 1)
      answers.push((await view(resource.id, { address: flood })).status)
    expect(answers.filter((status) => status === 204)).toHaveLength(120)
    expect(answers.slice(120)).toEqual(Array(10).fill(429))
    await flush()
    expect((await figuresOf(owner.token, resource.id)).totals.views).toBe(120)
  })

  it('should give exact counts for 1,000 concurrent reports across a flush', async () => {
    const { owner, resource } = await ownerWithResource()
    const calls = Array.from({ length: 1000 }, (_, i) =>
      view(resource.id, { address: `198.18.${i >> 7}.${(i & 127) + 1}` }),
    )
    // Flushes while the reports are still coming in: each count lands in exactly one batch.
    const flushes = [flush(), new Promise((resolve) => setTimeout(resolve, 20)).then(flush)]
    const answers = await Promise.all(calls)
    await Promise.all(flushes)
    await flush()
    expect(answers.every(({ status }) => status === 204)).toBe(true)
    expect((await figuresOf(owner.token, resource.id)).totals).toMatchObject({
      views: 1000,
      visitors: 1000,
    })
  })

  it('should store no address, no user agent and no visitor hash anywhere', async () => {
    const { resource } = await ownerWithResource()
    const address = '203.0.113.177'
    const agent = `${BROWSER} Trace/${unique()}`
    await view(resource.id, { address, agent })
    await trackCall({ resource_id: resource.id, event: 'click', link: 'site' }, { address, agent })
    await flush()
    const tables = await query<{ table_name: string }>(sql`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)
    expect(tables.length).toBeGreaterThan(20)
    for (const { table_name } of tables) {
      const found = await query(sql`
        SELECT 1 FROM ${sql.identifier(table_name)} AS t
        WHERE t::text LIKE ${'%203.0.113.177%'} OR t::text LIKE ${`%${agent.slice(-20)}%`}
        LIMIT 1`)
      expect(found, table_name).toEqual([])
    }
  })

  it('should forget a day’s salt and visitors once the day is over', async () => {
    const { resource } = await ownerWithResource()
    const yesterday = addDays(today, -3)
    const visitor = { address: newAddress(), userAgent: BROWSER }
    await record(
      payload,
      { resourceId: resource.id, counter: 'views', visitor },
      new Date(`${yesterday}T12:00:00Z`),
    )
    expect(remembersVisitorsOf(yesterday)).toBe(true)
    await record(payload, { resourceId: resource.id, counter: 'views', visitor })
    expect(remembersVisitorsOf(yesterday)).toBe(false)
    await flush()
    const rows = await query<{ day: string; visitors: number }>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, visitors FROM analytics_resource_days
      WHERE resource_id = ${resource.id} ORDER BY day`)
    expect(rows).toEqual([
      { day: yesterday, visitors: 1 },
      { day: today, visitors: 1 },
    ])
  })

  it('should count a batch once however often it is retried', async () => {
    const { resource } = await ownerWithResource()
    const row = {
      resource_id: resource.id,
      day: today,
      views: 2,
      visitors: 1,
      site_clicks: 0,
      mirror_clicks: 1,
    }
    const id = `retry-${unique()}`
    expect(await addTrackedBatch({ payload, batchId: id, rows: [row] })).toBe(true)
    expect(await addTrackedBatch({ payload, batchId: id, rows: [row] })).toBe(false)
    const [stored] = await query<{ views: number; mirror_clicks: number }>(sql`
      SELECT views, mirror_clicks FROM analytics_resource_days WHERE resource_id = ${resource.id}`)
    expect(stored).toEqual({ views: 2, mirror_clicks: 1 })
  })

  it('should add every instance’s counts into the same Redis counters', async () => {
    // The test run's own Redis (tests/helpers/globalSetup.ts): the counters' keys are the same for
    // every process on a server, so the machine's Redis would mix in another run's counts.
    process.env.REDIS_URL = inject('redisUrl')
    const { owner, resource } = await ownerWithResource()
    const visitor = newAddress()
    await view(resource.id, { address: visitor })
    // Another instance: a recorder of its own on the same Redis sees the same visitor.
    resetRecorder()
    await view(resource.id, { address: visitor })
    await view(resource.id)
    await trackCall({ resource_id: resource.id, event: 'click', link: 'mirror' })
    await Promise.all([flush(), flush()])
    await flush()
    expect((await figuresOf(owner.token, resource.id)).totals).toMatchObject({
      views: 3,
      visitors: 2,
      mirror_clicks: 1,
    })
  })
})

describe('Redis away', () => {
  it('should count in memory what Redis cannot take, and write every count', async () => {
    // A Redis that is not there: nothing listens on the port (connection refused at each try).
    process.env.REDIS_URL = `redis://127.0.0.1:${await freePort()}`
    try {
      const { owner, resource } = await ownerWithResource()
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => view(resource.id, { address: `198.18.200.${i + 1}` })),
      )
      await trackCall({ resource_id: resource.id, event: 'click', link: 'mirror' })
      await flush()
      expect(answers.map(({ status }) => status)).toEqual(answers.map(() => 204))
      expect((await figuresOf(owner.token, resource.id)).totals).toMatchObject({
        views: 20,
        visitors: 20,
        mirror_clicks: 1,
      })
    } finally {
      // Nothing to clean on a Redis that was never there.
      delete process.env.REDIS_URL
    }
  })
})

describe('what members do, counted on every door', () => {
  it('should count favorites, reviews and their grades, helpful votes and reports', async () => {
    const { owner, resource } = await ownerWithResource()
    const [a, b] = await Promise.all([createMember({ payload }), createMember({ payload })])
    await rest('POST', '/add-favorite', { body: { resource_id: resource.id }, token: a.token })
    await rest('POST', '/remove-favorite', { body: { resource_id: resource.id }, token: a.token })
    await rest('POST', '/favorites', { body: { resource: resource.id }, token: b.token })
    const review = await payload.create({
      collection: 'reviews',
      data: {
        resource: resource.id,
        author: a.user.id,
        grade: 4,
        comment: `Fine ${unique()}`,
        status: 'published',
      },
    })
    await payload.create({
      collection: 'reviews',
      data: {
        resource: resource.id,
        author: b.user.id,
        grade: 2,
        comment: `Meh ${unique()}`,
        status: 'published',
      },
    })
    const vote = await graphql(
      `mutation { createReviewVote(data: { review: ${review.id} }) { id } }`,
      { token: b.token },
    )
    expect(vote.json?.errors).toBeUndefined()
    await rest('POST', '/report-review', {
      token: b.token,
      body: { review_id: review.id, reason: 'fake', comment: 'Looks bought' },
    })
    const totals = (await figuresOf(owner.token, resource.id)).totals
    expect(totals).toMatchObject({
      favorites_added: 2,
      favorites_removed: 1,
      reviews: 2,
      grades: [0, 1, 0, 1, 0],
      average_grade: 3,
      helpful_votes: 1,
      reports: 1,
    })
  })
})

describe('who reads which figures', () => {
  it('should answer another owner’s resource exactly as a missing one, on every call', async () => {
    const mine = await ownerWithResource()
    const theirs = await ownerWithResource()
    const ask = (path: string) => rest('GET', path, { token: mine.owner.token })
    const other = await ask(`/analytics?resource=${theirs.resource.id}`)
    const missing = await ask(`/analytics?resource=${2 ** 31 - 1}`)
    expect(other.status).toBe(404)
    expect(other.json).toEqual(missing.json)
    const csv = await ask(`/analytics-export?table=days&resource=${theirs.resource.id}`)
    expect(csv.status).toBe(404)
    const all = await ask('/analytics?range=30d')
    expect(all.json.resources.map((row: { id: number }) => row.id)).toEqual([mine.resource.id])
    expect(all.json.resource_count).toBe(1)
  })

  it('should show an operator only the employer’s resources of its type', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const [market, shop] = await Promise.all([
      createResource({ payload, owner: owner.user.id, type: 'marketplace' }),
      createResource({ payload, owner: owner.user.id, type: 'shop' }),
    ])
    const operator = await createMember({
      payload,
      role: 'marketplaceOperator',
      employer: owner.user.id,
    })
    const listed = await rest('GET', '/analytics', { token: operator.token })
    expect(listed.json.resources.map((row: { id: number }) => row.id)).toEqual([market.id])
    expect(
      (await rest('GET', `/analytics?resource=${shop.id}`, { token: operator.token })).status,
    ).toBe(404)
    const owners = await rest('GET', '/analytics', { token: owner.token })
    expect(owners.json.resources.map((row: { id: number }) => row.id).sort()).toEqual(
      [market.id, shop.id].sort(),
    )
  })

  it('should show the operators of a blocked owner no figures, and no error', async () => {
    const { owner } = await ownerWithResource()
    const operator = await createMember({
      payload,
      role: 'marketplaceOperator',
      employer: owner.user.id,
    })
    await payload.update({
      collection: 'users',
      id: owner.user.id,
      data: { blocked: true, blockReason: 'Selling fakes' },
    })
    const answer = await rest('GET', '/analytics', { token: operator.token })
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({ resources: [], resource_count: 0, totals: { views: 0 } })
  })

  it('should refuse members and editors (403), guests (401), and the site view to owners', async () => {
    const [member, editor, { owner }] = await Promise.all([
      createMember({ payload }),
      createMember({ payload, role: 'editor' }),
      ownerWithResource(),
    ])
    for (const path of ['/analytics', '/analytics-export?table=days', '/site-analytics']) {
      expect((await rest('GET', path)).status).toBe(401)
      expect((await rest('GET', path, { token: member.token })).status).toBe(403)
      expect((await rest('GET', path, { token: editor.token })).status).toBe(403)
    }
    expect((await rest('GET', '/site-analytics', { token: owner.token })).status).toBe(403)
    const site = await rest('GET', '/analytics-export?table=site', { token: owner.token })
    expect(site.status).toBe(403)
  })

  it('should answer a bad period with a message, in the reader’s language', async () => {
    const { owner } = await ownerWithResource()
    const ask = (path: string) =>
      rest('GET', path, { token: owner.token, headers: { 'Accept-Language': 'en' } })
    expect((await ask('/analytics?range=5y')).status).toBe(422)
    const backwards = await ask('/analytics?range=custom&from=2026-03-10&to=2026-03-01')
    expect(backwards.status).toBe(422)
    expect(backwards.json.errors.to).toEqual(["The period's end is before its start."])
    const long = await ask('/analytics?range=custom&from=2020-01-01&to=2026-01-01')
    expect(long.json.errors.to).toEqual(['A period can be at most two years long.'])
    expect((await ask('/analytics?range=custom&from=2026-02-30&to=2026-03-01')).status).toBe(422)
    expect((await ask('/analytics?range=custom&from=2026-02-01')).status).toBe(422)
    expect((await ask('/analytics?range=custom&from=0001-01-01&to=0002-01-01')).status).toBe(422)
    expect((await ask('/analytics?range=custom&from=9999-12-01&to=9999-12-31')).status).toBe(422)
    const fine = await ask('/analytics?range=custom&from=2026-02-01&to=2026-02-28')
    expect(fine.status).toBe(200)
    expect(fine.json).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
      previous_from: '2026-01-04',
      previous_to: '2026-01-31',
    })
    expect(fine.json.days).toHaveLength(28)
  })

  it('should keep the figures off Payload’s doors', async () => {
    const admin = await createMember({ payload, role: 'admin' })
    const member = await createMember({ payload })
    for (const slug of [
      'analytics-resource-days',
      'analytics_resource_days',
      'analytics-site-days',
    ]) {
      expect((await rest('GET', `/${slug}`, { token: admin.token })).status).toBe(404)
      expect((await rest('POST', `/${slug}`, { token: admin.token, body: {} })).status).toBe(404)
    }
    const schema = await graphql('{ __schema { types { name } } }', { token: admin.token })
    const types = (schema.json?.data?.__schema as { types: { name: string }[] } | undefined)?.types
    expect(types?.length).toBeGreaterThan(10)
    expect(types?.some(({ name }) => /analytics/i.test(name))).toBe(false)
    // The scheduler's bookkeeping: read by admins only, written by nobody through a door.
    expect((await rest('GET', '/globals/payload-jobs-stats', { token: member.token })).status).toBe(
      403,
    )
    const overwrite = await rest('POST', '/globals/payload-jobs-stats', {
      token: admin.token,
      body: { stats: { scheduledRuns: {} } },
    })
    expect(overwrite.status).toBe(403)
  })
})

describe('CSV', () => {
  it('should make cells a spreadsheet would run harmless', () => {
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('+7 999')).toBe("'+7 999")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
    expect(csvCell('plain, text')).toBe('"plain, text"')
    expect(csvCell(-2)).toBe('-2')
  })

  it('should download the table and the days as CSV', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const resource = await createResource({
      payload,
      owner: owner.user.id,
      title: `=cmd|' /C calc'!A0 ${unique()}`,
    })
    await view(resource.id)
    await flush()
    const response = await rest('GET', '/analytics-export?table=resources&range=7d', {
      token: owner.token,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="analytics-resources-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const [header, row] = response.text.replace(/^\uFEFF/, '').split('\r\n')
    expect(header).toMatch(/^resource_id,title,type,url,views,visitors,/)
    // The title a spreadsheet would run is text there, prefixed with an apostrophe.
    expect(row).toContain(`,'=cmd|' /C calc'!A0 `)
    expect(row.split(',')[4]).toBe('1')

    const days = await rest('GET', '/analytics-export?table=days&range=7d', { token: owner.token })
    const lines = days.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toMatch(/^day,views,visitors,site_clicks,mirror_clicks,/)
    expect(lines).toHaveLength(8)
    expect(lines.at(-1)).toMatch(new RegExp(`^${today},1,1,`))
  })
})

describe('the site’s daily roll-up', () => {
  it('should build a month of site figures from what the site stores, through the jobs queue', async () => {
    // A month long before anything else in the worker's database: the site's figures count every
    // row of their days, and the demo dates its accounts back by up to two years from today.
    const month = '1999-03'
    const at = (day: number, hour = 10) =>
      `${month}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`
    const members = await Promise.all([1, 2, 3].map(() => createMember({ payload })))
    const resources = await Promise.all([
      createResource({ payload, type: 'shop' }),
      createResource({ payload, type: 'forum', status: 'pending' }),
    ])
    const review = await payload.create({
      collection: 'reviews',
      data: {
        resource: resources[0].id,
        author: members[0].user.id,
        grade: 5,
        comment: `Good ${unique()}`,
        status: 'published',
      },
    })
    const ticket = await payload.create({
      collection: 'tickets',
      data: { subject: 'Help', author: members[1].user.id, status: 'open' },
    })
    const move = (table: string, id: number, when: string) =>
      query(
        sql`UPDATE ${sql.identifier(table)} SET created_at = ${when}::timestamptz WHERE id = ${id}`,
      )
    await move('users', members[0].user.id, at(3))
    await move('users', members[1].user.id, at(3))
    await move('users', members[2].user.id, at(17))
    await move('resources', resources[0].id, at(3))
    await move('resources', resources[1].id, at(20))
    await move('reviews', review.id, at(5))
    await move('tickets', ticket.id, at(10, 8))
    const [message] = await query<{ id: number }>(sql`
      INSERT INTO ticket_messages (ticket_id, body, author_id, from_support, created_at, updated_at)
      VALUES (${ticket.id}, 'Answer', ${members[2].user.id}, true, ${at(10, 11)}::timestamptz, now())
      RETURNING id`)
    expect(message).toBeDefined()

    const job = await payload.jobs.queue({
      task: ROLL_UP_TASK,
      input: { from: `${month}-01`, to: `${month}-31` },
    })
    await payload.jobs.runByID({ id: job.id })
    const days = await query<{ day: string } & Record<string, unknown>>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, registrations, reviews, resources_by_type,
        resources_by_status, tickets_opened, tickets_open, first_answer_seconds, active_users
      FROM analytics_site_days WHERE day BETWEEN ${`${month}-01`}::date AND ${`${month}-31`}::date
      ORDER BY day`)
    expect(days).toHaveLength(31)
    const on = (day: number) => days[day - 1]
    expect(on(3)).toMatchObject({ registrations: 2, resources_by_type: { shop: 1 } })
    expect(on(17)).toMatchObject({ registrations: 1 })
    expect(on(20)).toMatchObject({
      resources_by_type: { forum: 1 },
      resources_by_status: { pending: 1 },
    })
    expect(on(5)).toMatchObject({ reviews: 1, active_users: 1 })
    expect(on(10)).toMatchObject({
      tickets_opened: 1,
      first_answer_seconds: [3 * 3600],
      active_users: 1,
    })
    expect(on(9)).toMatchObject({ tickets_open: 0 })
    expect(on(31)).toMatchObject({ tickets_open: 1 })
    expect(days.reduce((sum, day) => sum + Number(day.registrations), 0)).toBe(3)

    // Built again, the same days come out the same.
    await rollUpSiteDays({ payload, from: `${month}-01`, to: `${month}-31` })
    const again = await query(sql`
      SELECT registrations, reviews, tickets_open FROM analytics_site_days
      WHERE day BETWEEN ${`${month}-01`}::date AND ${`${month}-31`}::date ORDER BY day`)
    expect(again).toEqual(
      days.map(({ registrations, reviews, tickets_open }) => ({
        registrations,
        reviews,
        tickets_open,
      })),
    )

    const admin = await createMember({ payload, role: 'admin' })
    const site = await rest('GET', `/site-analytics?range=custom&from=${month}-01&to=${month}-31`, {
      token: admin.token,
    })
    expect(site.status).toBe(200)
    expect(site.json.totals).toMatchObject({
      registrations: 3,
      reviews: 1,
      tickets_opened: 1,
      first_answer_median_seconds: 3 * 3600,
      resources_by_type: { shop: 1, forum: 1, marketplace: 0, exchanger: 0 },
    })
    expect(site.json.days).toHaveLength(31)
  })

  it('should read a long period’s top lists from the finished months, as from the days', async () => {
    const [a, b] = await Promise.all([createResource({ payload }), createResource({ payload })])
    // Months no other row reaches (the top lists rank every resource of their days), built as the
    // roll-up would on a day after them, whatever today is.
    const months = ['1998-12-01', '1999-01-01', '1999-02-01']
    const dayAfter = '1999-03-15'
    await query(
      sql`DELETE FROM analytics_months_built WHERE month = ANY(${`{${months.join(',')}}`}::date[])`,
    )
    await query(sql`
      INSERT INTO analytics_resource_days (resource_id, day, views, reviews) VALUES
        (${a.id}, '1998-12-20', 5, 0), (${a.id}, '1999-01-10', 7, 2), (${b.id}, '1999-01-10', 20, 0),
        (${b.id}, '1999-01-31', 1, 1), (${a.id}, '1999-02-05', 30, 0)`)
    const admin = await createMember({ payload, role: 'admin' })
    const topLists = async () => {
      const { json } = await rest(
        'GET',
        '/site-analytics?range=custom&from=1998-12-15&to=1999-02-10',
        { token: admin.token },
      )
      return { views: json.top_by_views, reviews: json.top_by_reviews }
    }
    const fromDays = await topLists()
    expect(fromDays.views).toEqual([
      expect.objectContaining({ id: a.id, value: 42 }),
      expect.objectContaining({ id: b.id, value: 21 }),
    ])
    expect(fromDays.reviews.map((row: { value: number }) => row.value)).toEqual([2, 1])

    expect(
      await rollUpResourceMonths({ payload, today: dayAfter, most: 25 }),
    ).toBeGreaterThanOrEqual(3)
    const [january] = await query(sql`
      SELECT views, reviews FROM analytics_resource_months WHERE resource_id = ${b.id} AND month = '1999-01-01'`)
    expect(january).toEqual({ views: 21, reviews: 1 })
    expect(await topLists()).toEqual(fromDays)
  })

  it('should split a period into its whole built months and the days around them', () => {
    const built = ['2025-01-01', '2025-02-01', '2025-04-01']
    expect(splitByMonths({ from: '2024-12-15', to: '2025-04-30' }, built)).toEqual({
      months: ['2025-01-01', '2025-02-01', '2025-04-01'],
      days: [
        { from: '2024-12-15', to: '2024-12-31' },
        { from: '2025-03-01', to: '2025-03-31' },
      ],
    })
    expect(splitByMonths({ from: '2025-01-01', to: '2025-02-27' }, built)).toEqual({
      months: ['2025-01-01'],
      days: [{ from: '2025-02-01', to: '2025-02-27' }],
    })
    expect(splitByMonths({ from: '2025-03-05', to: '2025-03-06' }, built)).toEqual({
      months: [],
      days: [{ from: '2025-03-05', to: '2025-03-06' }],
    })
  })
})
