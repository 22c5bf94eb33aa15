import { sql } from 'drizzle-orm'
import { type Payload, createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { collectMemberData } from '@/server/dataExport/collect'
import { runSql } from '@/server/sql/run'
import type { User } from '@payload-types'

import { createMember, createResource, unique } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

/**
 * Issue 48's rules on every door: an exchanger's rates feed is set only by those who may edit it,
 * only on an exchanger, only as a web address, and read only by them; currencies are written only
 * by admins; the rates tables have no door; the feed's health answers only its managers.
 */

let payload: Payload

type Member = { user: User; token: string }
let owner: Member
let otherOwner: Member
let member: Member
let editor: Member
let admin: Member
let operator: Member

beforeAll(async () => {
  payload = await startPayload()
  ;[owner, otherOwner, member, editor, admin] = await Promise.all([
    createMember({ payload, role: 'owner' }),
    createMember({ payload, role: 'owner' }),
    createMember({ payload }),
    createMember({ payload, role: 'editor' }),
    createMember({ payload, role: 'admin' }),
  ])
  operator = await createMember({ payload, role: 'marketplaceOperator', employer: owner.user.id })
})

afterAll(async () => {
  await releasePayload()
})

const feedOf = async (id: number) =>
  (await payload.findByID({ collection: 'resources', id, depth: 0 })).ratesFeed ?? null

/** A published, verified exchanger of the owner's with a feed set, of this test alone. */
const exchangerWithFeed = async () => {
  const exchanger = await createResource({
    payload,
    owner: owner.user.id,
    type: 'exchanger',
    verified: true,
  })
  const feed = `https://rates-${unique()}.example.com/export.xml`
  await payload.update({ collection: 'resources', id: exchanger.id, data: { ratesFeed: feed } })
  return { exchanger, feed }
}

/** The site's own call that adds and edits resources, as the form sends it (JSON here). */
const saveResource = (token: string, body: Record<string, unknown>, language: 'ru' | 'en' = 'en') =>
  rest('POST', '/save-resource', {
    token,
    body: {
      title_ru: 'Обменник',
      title_en: 'An exchanger',
      links: ['https://example.com'],
      ...body,
    },
    headers: { 'Accept-Language': language },
  })

const UPDATE_FEED = `mutation ($id: Int!, $feed: String) {
  updateResource(id: $id, data: { ratesFeed: $feed }) { id }
}`

describe('setting a rates feed', () => {
  it("should refuse another owner's exchanger's feed on REST, GraphQL and the site's call, and keep it", async () => {
    const { exchanger, feed } = await exchangerWithFeed()
    const stolen = 'https://attacker.example.com/rates.xml'
    const viaRest = await rest('PATCH', `/resources/${exchanger.id}`, {
      token: otherOwner.token,
      body: { ratesFeed: stolen },
    })
    const viaGraphql = await graphql(UPDATE_FEED, {
      token: otherOwner.token,
      variables: { id: exchanger.id, feed: stolen },
    })
    const viaSite = await saveResource(otherOwner.token, {
      id: exchanger.id,
      type: 'exchanger',
      rates_feed: stolen,
    })
    // It is published, so they may read it: editing it is what they are refused.
    expect([viaRest.status, viaSite.status]).toEqual([403, 403])
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    expect(await feedOf(exchanger.id)).toBe(feed)
  })

  it("should refuse a member's, an editor's and the owner's operator's change of the feed", async () => {
    const { exchanger, feed } = await exchangerWithFeed()
    for (const someone of [member, editor, operator]) {
      const viaRest = await rest('PATCH', `/resources/${exchanger.id}`, {
        token: someone.token,
        body: { ratesFeed: 'https://attacker.example.com/' },
      })
      const viaGraphql = await graphql(UPDATE_FEED, {
        token: someone.token,
        variables: { id: exchanger.id, feed: 'https://attacker.example.com/' },
      })
      expect(viaRest.status).toBeGreaterThanOrEqual(403)
      expect(viaRest.status).toBeLessThan(500)
      expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    }
    expect(await feedOf(exchanger.id)).toBe(feed)
  })

  it("should let the owner set, change and remove the feed through the site's call", async () => {
    const { exchanger } = await exchangerWithFeed()
    const next = `https://rates-${unique()}.example.com/feed.json`
    const set = await saveResource(owner.token, {
      id: exchanger.id,
      type: 'exchanger',
      rates_feed: next,
    })
    expect(set.status).toBe(200)
    expect(await feedOf(exchanger.id)).toBe(next)
    // Not sent, the stored feed stays; sent empty, it is removed.
    await saveResource(owner.token, { id: exchanger.id, type: 'exchanger' })
    expect(await feedOf(exchanger.id)).toBe(next)
    await saveResource(owner.token, { id: exchanger.id, type: 'exchanger', rates_feed: '' })
    expect(await feedOf(exchanger.id)).toBeNull()
  })

  it('should let an admin set the feed on REST and GraphQL', async () => {
    const { exchanger } = await exchangerWithFeed()
    const viaRest = await rest('PATCH', `/resources/${exchanger.id}`, {
      token: admin.token,
      body: { ratesFeed: 'https://admin-set.example.com/rates.xml' },
    })
    expect(viaRest.status).toBe(200)
    const viaGraphql = await graphql(UPDATE_FEED, {
      token: admin.token,
      variables: { id: exchanger.id, feed: 'https://admin-set.example.com/2.xml' },
    })
    expect(viaGraphql.json?.errors).toBeUndefined()
    expect(await feedOf(exchanger.id)).toBe('https://admin-set.example.com/2.xml')
  })

  it("should refuse a feed on anything but an exchanger, in the request's language, on every door", async () => {
    const shop = await createResource({ payload, owner: owner.user.id, type: 'shop' })
    const feed = 'https://shop.example.com/rates.xml'
    const english = await saveResource(owner.token, { id: shop.id, type: 'shop', rates_feed: feed })
    const russian = await saveResource(
      owner.token,
      { id: shop.id, type: 'shop', rates_feed: feed },
      'ru',
    )
    expect(english.status).toBe(422)
    expect(english.json.errors.rates_feed).toEqual(['Only an exchanger can have a rates feed'])
    expect(russian.json.errors.rates_feed).toEqual([
      'Выгрузку курсов можно указать только у обменника',
    ])
    const viaRest = await rest('PATCH', `/resources/${shop.id}`, {
      token: owner.token,
      body: { ratesFeed: feed },
      headers: { 'Accept-Language': 'en' },
    })
    expect(viaRest.status).toBe(400)
    expect(JSON.stringify(viaRest.json)).toContain('Only an exchanger can have a rates feed')
    const viaGraphql = await graphql(UPDATE_FEED, {
      token: owner.token,
      variables: { id: shop.id, feed },
    })
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    expect(await feedOf(shop.id)).toBeNull()
  })

  it('should clear the feed of an exchanger its owner makes another type', async () => {
    const { exchanger } = await exchangerWithFeed()
    const changed = await saveResource(owner.token, { id: exchanger.id, type: 'shop' })
    expect(changed.status).toBe(200)
    expect(await feedOf(exchanger.id)).toBeNull()
  })

  it('should refuse a bad address with a message, never a 500, on the site and on REST', async () => {
    const { exchanger, feed } = await exchangerWithFeed()
    const bad: unknown[] = [
      'javascript:alert(1)',
      'ftp://example.com/rates.xml',
      'https://example.com/a\u0000b',
      'https://exa mple.com/',
      `https://example.com/${'a'.repeat(3000)}`,
      'rates.example.com',
      ['https://example.com/'],
      { url: 'https://example.com/' },
      42,
      true,
    ]
    for (const value of bad) {
      const viaSite = await saveResource(owner.token, {
        id: exchanger.id,
        type: 'exchanger',
        rates_feed: value,
      })
      expect(viaSite.status, JSON.stringify(value)).toBe(422)
      // A NUL byte is refused with every field's own words before the field is read.
      expect(viaSite.json.errors.rates_feed, JSON.stringify(value)).toEqual([
        String(value).includes('\u0000')
          ? 'This value is not valid.'
          : 'Enter the full address of the rates feed, starting with http:// or https://',
      ])
      const viaRest = await rest('PATCH', `/resources/${exchanger.id}`, {
        token: owner.token,
        body: { ratesFeed: value },
        headers: { 'Accept-Language': 'en' },
      })
      expect(viaRest.status, JSON.stringify(value)).toBe(400)
    }
    expect(await feedOf(exchanger.id)).toBe(feed)
  })
})

describe('reading the feed address', () => {
  const RESOURCE_FEED = `query ($id: Int!) { Resource(id: $id) { id ratesFeed } }`
  const RESOURCES_FEED = `query ($id: JSON) { Resources(where: { id: { equals: $id } }) { docs { id ratesFeed } } }`

  it('should hide it from guests, members, other owners and staff other than admins on REST and GraphQL', async () => {
    const { exchanger, feed } = await exchangerWithFeed()
    for (const token of [undefined, member.token, otherOwner.token, editor.token, operator.token]) {
      const one = await rest('GET', `/resources/${exchanger.id}?depth=0`, { token })
      const list = await rest('GET', `/resources?where[id][equals]=${exchanger.id}&depth=0`, {
        token,
      })
      expect(one.status).toBe(200)
      expect(one.text).not.toContain(feed)
      expect(list.json.docs).toHaveLength(1)
      expect(list.text).not.toContain(feed)
      const viaGraphql = await graphql(RESOURCE_FEED, { token, variables: { id: exchanger.id } })
      expect(viaGraphql.json?.data?.Resource).toEqual({ id: exchanger.id, ratesFeed: null })
      const listed = await graphql(RESOURCES_FEED, { token, variables: { id: exchanger.id } })
      expect(JSON.stringify(listed.json)).not.toContain(feed)
    }
  })

  it('should not let a filter on the feed tell a guest or another owner what it holds', async () => {
    const { exchanger, feed } = await exchangerWithFeed()
    for (const token of [undefined, otherOwner.token]) {
      const probe = await rest(
        'GET',
        `/resources?where[and][0][id][equals]=${exchanger.id}&where[and][1][ratesFeed][equals]=${encodeURIComponent(feed)}`,
        { token },
      )
      const miss = await rest(
        'GET',
        `/resources?where[and][0][id][equals]=${exchanger.id}&where[and][1][ratesFeed][equals]=nothing`,
        { token },
      )
      expect(probe.status).toBeLessThan(500)
      // Whatever the answer, the right guess and a wrong one cannot be told apart.
      expect([probe.status, probe.json?.docs?.length]).toEqual([
        miss.status,
        miss.json?.docs?.length,
      ])
    }
  })

  it('should show it to the owner and admins', async () => {
    const { exchanger, feed } = await exchangerWithFeed()
    for (const token of [owner.token, admin.token]) {
      const one = await rest('GET', `/resources/${exchanger.id}?depth=0`, { token })
      expect(one.json.ratesFeed).toBe(feed)
      const viaGraphql = await graphql(RESOURCE_FEED, { token, variables: { id: exchanger.id } })
      expect(viaGraphql.json?.data?.Resource).toEqual({ id: exchanger.id, ratesFeed: feed })
    }
  })

  it("should leave it out of the site's answers about resources", async () => {
    const { exchanger, feed } = await exchangerWithFeed()
    const saved = await saveResource(owner.token, { id: exchanger.id, type: 'exchanger' })
    expect(saved.status).toBe(200)
    expect(saved.text).not.toContain(feed)
    const relations = await rest('GET', `/resource-relations?ids=${exchanger.id}`, {
      token: member.token,
    })
    expect(relations.text).not.toContain(feed)
    const title = (await payload.findByID({ collection: 'resources', id: exchanger.id })).title
    const suggestions = await rest(
      'GET',
      `/search-suggestions?q=${encodeURIComponent(title.slice(0, 20))}&locale=en`,
    )
    expect(suggestions.status).toBe(200)
    expect(suggestions.text).not.toContain(feed)
  })
})

describe("the owner's data", () => {
  it("should give the feed address in the owner's archive with the resource, and nobody else's", async () => {
    const { exchanger, feed } = await exchangerWithFeed()
    const archiveOf = async (user: User) =>
      (await collectMemberData({ req: await createLocalReq({ user }, payload), user })).json[
        'resources.json'
      ] as { id: number; ratesFeed?: string | null }[]
    expect((await archiveOf(owner.user)).find((one) => one.id === exchanger.id)).toMatchObject({
      ratesFeed: feed,
    })
    expect(JSON.stringify(await archiveOf(operator.user))).not.toContain(feed)
  })
})

describe('the feed health call', () => {
  const health = (token: string | undefined, id: unknown) =>
    rest('GET', `/rates-feed-health?resource_id=${encodeURIComponent(String(id))}`, { token })

  it("should answer the owner and admins with the feed's state, read from the last fetch", async () => {
    const { exchanger, feed } = await exchangerWithFeed()
    await runSql({
      payload,
      query: sql`INSERT INTO rate_feeds (resource_id, url, fetched_at, fresh_at, changed_at, ok,
          http_status, ms, bytes, accepted, refused, refusals)
        VALUES (${exchanger.id}, ${feed}, now(), now(), now(), true, 200, 42, 1234, 12, 1,
          ${JSON.stringify([{ item: 3, from: 'BTC', to: 'NOPE', reason: 'unknown-currency' }])}::jsonb)`,
    })
    for (const token of [owner.token, admin.token]) {
      const answer = await health(token, exchanger.id)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('cache-control')).toContain('no-store')
      expect(answer.json.health).toMatchObject({
        resource_id: exchanger.id,
        feed,
        state: 'ok',
        http_status: 200,
        accepted: 12,
        refused: 1,
        refusals: [{ item: 3, from: 'BTC', to: 'NOPE', reason: 'unknown-currency' }],
      })
    }
  })

  it('should say why a feed is not fetched, and that a replaced feed waits for its first fetch', async () => {
    const { exchanger, feed } = await exchangerWithFeed()
    await runSql({
      payload,
      query: sql`INSERT INTO rate_feeds (resource_id, url, fetched_at, ok, error, http_status)
        VALUES (${exchanger.id}, ${feed}, now(), false, 'http', 503)`,
    })
    const state = async () => (await health(owner.token, exchanger.id)).json.health.state
    expect(await state()).toBe('failing')
    await payload.update({
      collection: 'resources',
      id: exchanger.id,
      data: { ratesFeed: `${feed}?v=2` },
    })
    expect(await state()).toBe('waiting')
    await payload.update({ collection: 'resources', id: exchanger.id, data: { verified: false } })
    expect(await state()).toBe('unverified')
    await payload.update({ collection: 'resources', id: exchanger.id, data: { ratesFeed: null } })
    expect(await state()).toBe('not-set')
  })

  it('should answer 404 to those who do not manage the exchanger, and for what is no exchanger', async () => {
    const { exchanger } = await exchangerWithFeed()
    const shop = await createResource({ payload, owner: owner.user.id, type: 'shop' })
    for (const token of [member.token, otherOwner.token, editor.token, operator.token]) {
      expect((await health(token, exchanger.id)).status).toBe(404)
    }
    expect((await health(owner.token, shop.id)).status).toBe(404)
    expect((await health(owner.token, 2_000_000_000)).status).toBe(404)
    expect((await health(undefined, exchanger.id)).status).toBe(401)
  })

  it('should refuse bad ids with a client error, never a 500', async () => {
    for (const id of [
      '',
      'abc',
      '0',
      '-1',
      '1.5',
      '1e3',
      '99999999999999',
      'a\u0000b',
      '%ff',
      ' 1',
    ]) {
      const answer = await health(owner.token, id)
      expect(answer.status, id).toBeGreaterThanOrEqual(400)
      expect(answer.status, id).toBeLessThan(500)
    }
  })
})

describe('currencies', () => {
  const CREATE = `mutation ($code: String!) {
    createCurrency(data: { code: $code, name: "Test", kind: crypto, unit: "TST" }) { id }
  }`

  it('should be written by admins only, on REST and GraphQL', async () => {
    const code = `T${Date.now().toString(36).toUpperCase()}`.slice(0, 12)
    for (const someone of [member, owner, editor, operator]) {
      const viaRest = await rest('POST', '/currencies', {
        token: someone.token,
        body: { code, name: 'Test', kind: 'crypto', unit: 'TST' },
      })
      expect(viaRest.status).toBe(403)
      const viaGraphql = await graphql(CREATE, { token: someone.token, variables: { code } })
      expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    }
    const created = await rest('POST', '/currencies', {
      token: admin.token,
      body: { code, name: 'Test', kind: 'crypto', unit: 'TST' },
    })
    expect(created.status).toBe(201)
    const id = created.json.doc.id
    for (const someone of [member, owner, editor]) {
      const renamed = await rest('PATCH', `/currencies/${id}`, {
        token: someone.token,
        body: { name: 'Renamed' },
      })
      expect(renamed.status).toBe(403)
      expect((await rest('DELETE', `/currencies/${id}`, { token: someone.token })).status).toBe(403)
    }
    const read = await rest('GET', `/currencies/${id}`)
    expect(read.json).toMatchObject({ code, name: 'Test' })
    expect((await rest('DELETE', `/currencies/${id}`, { token: admin.token })).status).toBe(200)
  })

  it('should refuse a bad code with the message, never a 500', async () => {
    for (const code of ['btc', 'B', 'BTC$', 'A'.repeat(17), 'BT\u0000C', '']) {
      const answer = await rest('POST', '/currencies', {
        token: admin.token,
        body: { code, name: 'Bad', kind: 'crypto', unit: 'X' },
        headers: { 'Accept-Language': 'en' },
      })
      expect(answer.status, code).toBe(400)
    }
    const duplicate = await rest('POST', '/currencies', {
      token: admin.token,
      body: { code: 'BTC', name: 'Again', kind: 'crypto', unit: 'BTC' },
    })
    expect(duplicate.status).toBe(400)
    const typed = await rest('POST', '/currencies', {
      token: admin.token,
      body: { code: 'lower', name: 'Bad', kind: 'crypto', unit: 'X' },
      headers: { 'Accept-Language': 'en' },
    })
    expect(JSON.stringify(typed.json)).toContain('A currency code is 2 to 16 capital Latin letters')
  })
})

describe('the rates tables', () => {
  it('should have no door on REST or GraphQL', async () => {
    for (const path of [
      '/exchange-rates',
      '/rate-feeds',
      '/exchange-rate-history',
      '/rate-fetch-lease',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await rest(method, path, {
          token: admin.token,
          body: method === 'POST' ? {} : undefined,
        })
        expect(answer.status, `${method} ${path}`).toBe(404)
      }
    }
    for (const query of [
      '{ ExchangeRates { docs { id } } }',
      '{ RateFeeds { docs { id } } }',
      'mutation { createExchangeRate(data: {}) { id } }',
    ]) {
      const answer = await graphql(query, { token: admin.token })
      expect(answer.json?.errors?.[0]?.message, query).toMatch(/Cannot query field/)
    }
  })
})
