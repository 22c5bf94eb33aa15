import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { searchResources } from '@/data/search'
import { directoryViewPath } from '@/lib/directoryViews'
import { DIRECTORY_CACHE_SECONDS, LIMITS } from '@/lib/limits'
import { seed } from '@/seed'
import { DEMO_RESOURCES } from '@/seed/resources'
import { plainToRichText } from '@/server/richText'

import { createResource } from '../helpers/directory'
import { everyPage } from '../helpers/pages'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload
const tag = Date.now().toString(36)

beforeAll(async () => {
  payload = await startPayload()
  await seed({ payload })
  const quantum = await createResource({
    payload,
    title: `Quantumleap Exchange ${tag}`,
    type: 'exchanger',
    country: 'EE',
  })
  await payload.update({
    collection: 'resources',
    id: quantum.id,
    locale: 'en',
    data: { title: `Quantumleap Exchange ${tag}` },
  })
  await payload.update({
    collection: 'resources',
    id: quantum.id,
    locale: 'ru',
    data: {
      title: `Квантовый обменник ${tag}`,
      description: plainToRichText('Обмениваем биткоины на рубли без комиссии'),
    },
  })
  await createResource({ payload, title: `Quantumleap Forum ${tag}`, type: 'forum', country: 'RU' })
  await createResource({
    payload,
    title: `Quantumleap Hidden ${tag}`,
    type: 'forum',
    status: 'pending',
  })
  // Made first, so that without the exact match's lead the id would put it first.
  await createResource({ payload, title: `Nimbus Cloud ${tag}` })
  await createResource({ payload, title: `Nimbus ${tag}` })
})

afterAll(releasePayload)

type Result = Awaited<ReturnType<typeof searchResources>>
type Found = Result['resources'][number]

const titles = (result: Result) => result.resources.map((r) => r.title)

/**
 * Every result of a search, page after page. Every resource of the worker's database takes part
 * in a ranking (other files make their own), so the demo directory's are compared among
 * themselves, wherever the others put them.
 */
const everyResult = (q: string, locale: 'ru' | 'en') =>
  everyPage<Found>(async (page) => {
    const result = await searchResources({ q, locale, page })
    return { items: result.resources, pages: result.pages }
  })

const DEMO_SLUGS = new Set(DEMO_RESOURCES.map(({ slug }) => slug))

/** The demo directory's resources among `found`, in their order. */
const demoOf = (found: Found[]) => found.filter((resource) => DEMO_SLUGS.has(resource.slug ?? ''))

/**
 * The types among `found`. A query of a type word compares the demo directory's: another file's
 * resource may carry the word in its title, whatever its type ("Обменник", a shop now).
 */
const typesOf = (found: Found[]) => [...new Set(found.map((resource) => resource.type))]

/** The demo directory's among a search box's suggestions (their paths end in the slug). */
const demoSuggestions = <Suggestion extends { path: string }>(suggestions: Suggestion[]) =>
  suggestions.filter(({ path }) => DEMO_SLUGS.has(path.split('/').at(-1) ?? ''))

describe('searchResources', () => {
  it('should find published resources by a word of the title, never a pending one', async () => {
    const result = await searchResources({ q: 'quantumleap', locale: 'en', page: 1 })
    expect(titles(result).sort()).toEqual([
      `Quantumleap Exchange ${tag}`,
      `Quantumleap Forum ${tag}`,
    ])
  })

  it('should forgive a typo in the title', async () => {
    const result = await searchResources({ q: 'quantumlaep', locale: 'en', page: 1 })
    expect(titles(result)).toContain(`Quantumleap Exchange ${tag}`)
  })

  it('should find another form of a Russian word in the description, and show the result in the page’s language', async () => {
    const result = await searchResources({ q: 'биткоин', locale: 'ru', page: 1 })
    expect(titles(result)).toEqual([`Квантовый обменник ${tag}`])
    const english = await searchResources({ q: 'биткоин', locale: 'en', page: 1 })
    expect(titles(english)).toEqual([`Quantumleap Exchange ${tag}`])
  })

  it('should filter by type and country', async () => {
    const forums = await searchResources({ q: 'quantumleap', locale: 'en', type: 'forum', page: 1 })
    expect(titles(forums)).toEqual([`Quantumleap Forum ${tag}`])
    const estonian = await searchResources({
      q: 'quantumleap',
      locale: 'en',
      country: 'EE',
      page: 1,
    })
    expect(titles(estonian)).toEqual([`Quantumleap Exchange ${tag}`])
  })

  it('should take any text as a query, operators and quotes included', async () => {
    for (const q of ['"unclosed', 'a & b | !c', "'; DROP TABLE resources; --", '   ']) {
      await expect(searchResources({ q, locale: 'en', page: 1 })).resolves.toBeDefined()
    }
  })
})

describe('the search views', () => {
  const viewOf = (address: string) => {
    const url = new URL(address, 'http://site')
    return directoryViewPath(url.pathname, url.searchParams)
  }

  it('should render every way of writing one query as one view of its normal form', () => {
    const views = [
      '/search?q=Crypto++Bank',
      '/search?q=%20crypto%20BANK!%00&utm_source=x',
      '/search?q=crypto+bank&page=1&type=nonsense',
    ].map(viewOf)
    expect(new Set(views)).toEqual(new Set(['/directory-view/search/query/crypto-bank/default']))
    expect(viewOf('/search/Crypto-Bank')).toBe('/directory-view/search/address/crypto-bank/default')
  })

  it('should keep the filters and the page in the view, and a Cyrillic term as one segment', () => {
    expect(viewOf('/search?q=%D0%91%D0%B0%D0%B7%D0%B0%D1%80/x&type=shop&country=ee&page=3')).toBe(
      `/directory-view/search/query/${encodeURIComponent('базар-x')}/type-shop.country-EE.page-3`,
    )
  })

  it('should make a query with nothing to search for the search page itself', () => {
    expect(['/search', '/search?q=%00', '/search/%21%21'].map(viewOf)).toEqual([
      '/directory-view/search/query/_/default',
      '/directory-view/search/query/_/default',
      '/directory-view/search/query/_/default',
    ])
  })
})

describe('searchResources forgiving typos (the demo directory)', () => {
  it.each([
    ['bazzar', 'bazaar-one'],
    ['spise', 'spice-shop'],
    ['gadjet', 'gadget-corner'],
    ['swfit', 'swift-exchange'],
    ['trade hub', 'tradehub'],
    ['tradehub', 'tradehub'],
    ['bazar', 'bazaar-one'],
    ['базар', 'bazaar-one'],
    ['гаджет', 'gadget-corner'],
    ['свифт', 'swift-exchange'],
    ['exhcange swift', 'swift-exchange'],
  ])('should find for “%s” the demo resource %s first', async (q, slug) => {
    for (const locale of ['ru', 'en'] as const) {
      const demo = demoOf(await everyResult(q, locale))
      expect([locale, demo[0]?.slug]).toEqual([locale, slug])
    }
  })

  it('should show a match in the page’s language, whichever language the query is in', async () => {
    const russian = demoOf(await everyResult('bazar', 'ru'))
    const english = demoOf(await everyResult('базар', 'en'))
    expect([russian[0]?.title, english[0]?.title]).toEqual(['Базар Один', 'Bazaar One'])
  })

  it.each(['магазин', 'магазины', 'magazin', 'shops', 'store'])(
    'should find the published shops for “%s”, the best rated first',
    async (q) => {
      const found = demoOf(await everyResult(q, 'ru'))
      const shown = found.map((resource) => resource.slug)
      const demo = shown.filter((slug) => ['spice-shop', 'gadget-corner'].includes(slug ?? ''))
      expect([typesOf(found), demo, shown.includes('book-nook')]).toEqual([
        ['shop'],
        ['spice-shop', 'gadget-corner'],
        false,
      ])
    },
  )

  it('should rank a type’s resources by the rest of the query', async () => {
    const shops = await everyResult('магазин гаджетов', 'ru')
    const exchangers = await everyResult('swift exchange', 'en')
    expect([demoOf(shops)[0]?.slug, demoOf(exchangers)[0]?.slug]).toEqual([
      'gadget-corner',
      'swift-exchange',
    ])
    expect(exchangers.every((resource) => resource.type === 'exchanger')).toBe(true)
  })

  it.each(['forum', 'форумы', 'площадка', 'marketplace', 'обменник'])(
    'should find only the named type’s resources for “%s”',
    async (q) => {
      const expected =
        { forum: 'forum', форумы: 'forum', обменник: 'exchanger' }[q] ?? 'marketplace'
      const found = demoOf(await everyResult(q, 'en'))
      expect([found.length > 0, typesOf(found)]).toEqual([true, [expected]])
    },
  )

  it('should find nothing for nonsense', async () => {
    for (const q of ['qzxjvwqk', 'ъъъъ ыыыы', 'zzqqxx vvkkjj']) {
      expect((await searchResources({ q, locale: 'en', page: 1 })).total).toBe(0)
    }
  })

  it('should put the exact match first', async () => {
    const result = await searchResources({ q: `nimbus ${tag}`, locale: 'en', page: 1 })
    expect(titles(result)).toEqual([`Nimbus ${tag}`, `Nimbus Cloud ${tag}`])
    // Only exact matches come before the demo's Bazaar One, whatever else the database holds.
    const found = await everyResult('Bazaar One', 'en')
    const upTo = found.findIndex((resource) => resource.slug === 'bazaar-one')
    expect(upTo).toBeGreaterThanOrEqual(0)
    expect(new Set(found.slice(0, upTo + 1).map((resource) => resource.title))).toEqual(
      new Set(['Bazaar One']),
    )
  })
})

const suggest = (query: string, headers?: Record<string, string>) =>
  rest('GET', `/search-suggestions${query}`, { headers })

describe('GET /search-suggestions', () => {
  it('should suggest the matching resources in the asked language, with what a list shows', async () => {
    const english = await suggest('?q=bazzar&locale=en')
    const russian = await suggest('?q=bazzar&locale=ru')
    expect(english.status).toBe(200)
    expect(demoSuggestions(english.json.suggestions)[0]).toEqual({
      id: expect.any(Number),
      title: 'Bazaar One',
      type: 'marketplace',
      path: '/resources/marketplaces/bazaar-one',
      rating_average: 4.5,
      review_count: 2,
    })
    expect(demoSuggestions(russian.json.suggestions)[0]).toMatchObject({ title: 'Базар Один' })
  })

  it('should suggest in Russian without a language', async () => {
    const { json } = await suggest('?q=spise')
    const titled: { path: string; title: string }[] = json.suggestions
    expect(demoSuggestions(titled).map((s) => s.title)).toEqual(['Лавка пряностей'])
  })

  it('should suggest at most six resources', async () => {
    const { json } = await suggest('?q=a&locale=en')
    const many = await suggest(`?q=${encodeURIComponent('маркетплейс магазин')}&locale=ru`)
    expect(json.suggestions.length).toBeLessThanOrEqual(6)
    expect(many.json.suggestions.length).toBeLessThanOrEqual(6)
  })

  it('should let browsers and shared caches keep the answer for a minute', async () => {
    const { headers } = await suggest('?q=gadjet&locale=en')
    expect(headers.get('cache-control')).toBe(`public, max-age=${DIRECTORY_CACHE_SECONDS}`)
  })

  it('should answer an empty query or nonsense with no suggestions', async () => {
    for (const query of ['?q=', '?q=%20%20', '?q=qzxjvwqk&locale=en', '?q=%22%26%7C%21']) {
      const { status, json } = await suggest(query)
      expect([query, status, json.suggestions]).toEqual([query, 200, []])
    }
  })

  it('should refuse a missing query, a NUL character, a query too long and an unknown language', async () => {
    const long = 'a'.repeat(10_000)
    for (const query of [
      '',
      '?q=a%00b',
      `?q=${long}`,
      `?q=${'b'.repeat(LIMITS.searchQueryMax + 1)}`,
      '?q=bazar&locale=de',
    ]) {
      const { status, json } = await suggest(query)
      expect([query.slice(0, 20), status, json.code]).toEqual([
        query.slice(0, 20),
        422,
        'validation-failed',
      ])
    }
  })

  it('should take broken percent-encoding and half surrogate pairs without failing', async () => {
    for (const query of ['?q=%E0%A4%A', '?q=%ff%fe', '?q=%ED%A0%80x', '?q=baz%C3%28ar']) {
      const { status, json } = await suggest(query)
      expect([query, status, Array.isArray(json.suggestions)]).toEqual([query, 200, true])
    }
  })

  it('should answer in the same way for a signed-in caller', async () => {
    const guest = await suggest('?q=swfit&locale=en')
    const cookie = await suggest('?q=swfit&locale=en', { Cookie: 'payload-token=not-a-token' })
    expect(cookie.json).toEqual(guest.json)
  })
})
