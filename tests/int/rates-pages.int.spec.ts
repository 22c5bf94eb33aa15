import { sql } from 'drizzle-orm'
import { type Payload, createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { directionOffersView } from '@/data/views/rates'
import { CACHE_TAGS } from '@/server/cacheTags'
import { expiredTagsOf } from '@/server/publicCache'
import {
  readCurrencies,
  readDirectionOffers,
  readPopularDirections,
  readResourceDirections,
} from '@/server/sql/ratePages'
import { runSql } from '@/server/sql/run'

import { createResource, unique } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(async () => {
  await releasePayload()
})

/** A currency of this test's own, so no other test's offers share its directions. */
const currency = async (kind: 'crypto' | 'bank' = 'crypto') => {
  const code = `T${unique()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')}`.slice(0, 16)
  await payload.create({
    collection: 'currencies',
    data: { code, kind, unit: kind === 'crypto' ? 'TST' : 'RUB', name: `Test ${code}` },
  })
  return code
}

const FEED = 'https://feed.example/rates.xml'

/**
 * A published, verified exchanger with a feed, whose feed answered `ageSeconds` ago (never when
 * null), offering `offers`: the fetcher's tables filled by SQL, as test setup.
 */
const exchanger = async ({
  ageSeconds = 10,
  verified = true,
  offers,
  title,
}: {
  ageSeconds?: number | null
  verified?: boolean
  offers: { from: string; to: string; rateIn?: string; rateOut: string; reserve?: string }[]
  title?: string
}) => {
  const resource = await createResource({ payload, type: 'exchanger', verified, title })
  await runSql({
    payload,
    query: sql`UPDATE resources SET rates_feed = ${FEED} WHERE id = ${resource.id}`,
  })
  await runSql({
    payload,
    query: sql`INSERT INTO rate_feeds (resource_id, url, fetched_at, fresh_at, ok)
      VALUES (${resource.id}, ${FEED}, now(),
        ${ageSeconds === null ? null : sql`now() - make_interval(secs => ${ageSeconds})`}, true)`,
  })
  for (const offer of offers) {
    await runSql({
      payload,
      query: sql`INSERT INTO exchange_rates
        (resource_id, from_code, to_code, rate_in, rate_out, reserve, min_amount, max_amount)
        VALUES (${resource.id}, ${offer.from}, ${offer.to}, ${offer.rateIn ?? '1'}, ${offer.rateOut},
          ${offer.reserve ?? '1000000'}, '0.01', '10')`,
    })
  }
  return resource
}

const offersOf = async (from: string, to: string, locale = 'en') => {
  const answer = await rest('GET', `/rate-offers?from=${from}&to=${to}&locale=${locale}`)
  expect(answer.status).toBe(200)
  return answer
}

describe('a direction’s offers (GET /rate-offers and the page’s reader)', () => {
  it('should list fresh offers best rate first and the stale after them', async () => {
    const [from, to] = [await currency(), await currency('bank')]
    const low = await exchanger({ offers: [{ from, to, rateOut: '100' }] })
    const high = await exchanger({ offers: [{ from, to, rateIn: '2', rateOut: '260' }] })
    const staleBest = await exchanger({ ageSeconds: 3600, offers: [{ from, to, rateOut: '999' }] })
    const never = await exchanger({ ageSeconds: null, offers: [{ from, to, rateOut: '998' }] })

    const answer = await offersOf(from, to)
    const { direction } = answer.json
    expect(direction.offers.map((o: { resource: { id: number } }) => o.resource.id)).toEqual([
      high.id,
      low.id,
      staleBest.id,
      never.id,
    ])
    expect(direction.from).toMatchObject({ code: from, kind: 'crypto', unit: 'TST' })
    expect(direction.offers[0]).toMatchObject({
      rate_in: '2',
      rate_out: '260',
      min_amount: '0.01',
      max_amount: '10',
      resource: { title: high.title, path: `/resources/exchangers/${high.slug}`, verified: true },
    })
    expect(direction.offers[3].fresh_at).toBeNull()
    expect(answer.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/)
  })

  it('should leave out unverified, warned, re-fed exchangers and removed currencies', async () => {
    const [from, to, gone] = [await currency(), await currency(), await currency()]
    const shown = await exchanger({ offers: [{ from, to, rateOut: '5' }] })
    await exchanger({ verified: false, offers: [{ from, to, rateOut: '50' }] })
    const warned = await exchanger({ offers: [{ from, to, rateOut: '60' }] })
    await payload.update({
      collection: 'resources',
      id: warned.id,
      data: { publicStatus: 'warning', publicStatusReason: 'Slow payouts reported' },
    })
    const refed = await exchanger({ offers: [{ from, to, rateOut: '70' }] })
    // The owner set another feed: the rates fetched from the old one are no longer shown.
    await runSql({
      payload,
      query: sql`UPDATE resources SET rates_feed = 'https://other.example/feed' WHERE id = ${refed.id}`,
    })
    const removed = await exchanger({ offers: [{ from, to: gone, rateOut: '80' }] })
    await payload.delete({ collection: 'currencies', where: { code: { equals: gone } } })

    const { direction } = (await offersOf(from, to)).json
    expect(direction.offers.map((o: { resource: { id: number } }) => o.resource.id)).toEqual([
      shown.id,
    ])
    expect((await offersOf(from, gone)).json.direction).toBeNull()
    expect(await readResourceDirections({ payload, resourceId: removed.id })).toEqual([])
    expect(await readResourceDirections({ payload, resourceId: refed.id })).toEqual([])
  })

  it('should give a listed pair nobody offers an empty list, and an unlisted code null', async () => {
    const [from, to] = [await currency(), await currency()]
    expect((await offersOf(from, to)).json.direction.offers).toEqual([])
    expect((await offersOf(from, 'NOSUCHCODE')).json.direction).toBeNull()
  })

  it('should name the exchanger in the asked language, and the currencies too', async () => {
    const [from, to] = [await currency(), await currency()]
    const resource = await exchanger({ offers: [{ from, to, rateOut: '3' }] })
    await payload.update({
      collection: 'currencies',
      where: { code: { equals: from } },
      locale: 'ru',
      data: { name: `Тест ${from}` },
    })
    const currencies = await readCurrencies({ payload, locale: 'ru' })
    const offers = await readDirectionOffers({ payload, from, to, locale: 'ru' })
    const view = directionOffersView({
      direction: { from, to },
      currencies,
      offers,
      readAt: new Date(),
    })
    expect(view?.from.name).toBe(`Тест ${from}`)
    // Its title exists only in the language it was created in, Russian: shown with that language.
    expect(view?.offers[0]?.resource).toMatchObject({ id: resource.id, lang: 'ru' })
    const english = await readDirectionOffers({ payload, from, to, locale: 'en' })
    expect(english[0]).toMatchObject({ title: resource.title, title_locale: 'ru' })
  })

  it('should count popular directions by fresh offers only, and list an exchanger’s directions', async () => {
    const [a, b, c] = [await currency(), await currency(), await currency()]
    const one = await exchanger({
      offers: [
        { from: a, to: b, rateOut: '1' },
        { from: a, to: c, rateOut: '1' },
      ],
    })
    await exchanger({ offers: [{ from: a, to: b, rateOut: '2' }] })
    await exchanger({ ageSeconds: 3600, offers: [{ from: a, to: c, rateOut: '2' }] })
    const popular = await readPopularDirections({ payload, limit: 1000 })
    const mine = popular.filter((row) => row.from_code === a)
    expect(mine).toEqual([
      { from_code: a, to_code: b, offers: 2 },
      { from_code: a, to_code: c, offers: 1 },
    ])
    expect(await readResourceDirections({ payload, resourceId: one.id })).toEqual([
      { from_code: a, to_code: b },
      { from_code: a, to_code: c },
    ])
  })
})

describe('GET /rate-offers refuses bad input without a 500', () => {
  it.each([
    ['no codes', ''],
    ['a lower-case code', '?from=btc&to=SBERRUB'],
    ['a NUL byte', '?from=B%00TC&to=SBERRUB'],
    ['a huge code', `?from=${'A'.repeat(5000)}&to=SBERRUB`],
    ['broken encoding', '?from=%E0%A4%A&to=SBERRUB'],
    ['an unknown language', '?from=BTC&to=SBERRUB&locale=de'],
    ['a list for a code', '?from[]=BTC&to=SBERRUB'],
  ])('should answer %s with a 4xx in the site’s words', async (_, query) => {
    const answer = await rest('GET', `/rate-offers${query}`, {
      headers: { 'Accept-Language': 'ru' },
    })
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    expect(answer.json?.message ?? answer.text).toBeTruthy()
  })
})

describe('the currencies’ changes', () => {
  it('should expire the rates pages when admins change or remove a currency', async () => {
    const code = await currency()
    const renamed = await createLocalReq({}, payload)
    await payload.update({
      collection: 'currencies',
      where: { code: { equals: code } },
      data: { name: 'Renamed' },
      req: renamed,
    })
    expect(expiredTagsOf(renamed)).toContain(CACHE_TAGS.rates)
    const removed = await createLocalReq({}, payload)
    await payload.delete({
      collection: 'currencies',
      where: { code: { equals: code } },
      req: removed,
    })
    expect(expiredTagsOf(removed)).toContain(CACHE_TAGS.rates)
  })
})
