import 'server-only'

import { cache } from 'react'

import type { Direction } from '@/lib/rateAddress'
import type { RateCurrency } from '@/lib/rateOffers'
import { CACHE_TAGS } from '@/server/cacheTags'
import { cachedRead } from '@/server/publicCache'
import {
  readCurrencies,
  readDirectionOffers,
  readDirectionsFrom,
  readPopularDirections,
  readResourceDirections,
} from '@/server/sql/ratePages'

import { getPayload } from './payload'
import { currencyView, directionOffersView } from './views/rates'

/**
 * The rates pages' readers (issue 48). The currencies are a cached read under the `rates` tag,
 * which a change of a currency in the admin expires (hooks/rates); the offers are read afresh at
 * each render of the pages, which live for seconds (their `revalidate`), so no write has to
 * expire them and the fetcher's cycle needs no tag.
 */

/** The listed currencies with their names in `locale`. */
export const getCurrencies = cachedRead(
  'getCurrencies',
  async (locale: string) => readCurrencies({ payload: await getPayload(), locale }),
  () => [CACHE_TAGS.rates],
)

/** The currencies grouped by kind, in the kinds' order, for the direction picker. */
export const getCurrencyGroups = async (locale: string) => {
  const groups = new Map<RateCurrency['kind'], RateCurrency[]>()
  for (const row of await getCurrencies(locale)) {
    groups.set(row.kind, [...(groups.get(row.kind) ?? []), currencyView(row)])
  }
  return [...groups].map(([kind, currencies]) => ({ kind, currencies }))
}

/**
 * A direction's offers; null when either code is not a listed currency. Read once per render
 * (the page's metadata and body both ask).
 */
const readOffersOnce = cache(async (from: string, to: string, locale: string) => {
  const [currencies, offers] = await Promise.all([
    getCurrencies(locale),
    readDirectionOffers({ payload: await getPayload(), from, to, locale }),
  ])
  return directionOffersView({ direction: { from, to }, currencies, offers, readAt: new Date() })
})

export const getDirectionOffers = ({
  direction,
  locale,
}: {
  direction: Direction
  locale: string
}) => readOffersOnce(direction.from, direction.to, locale)

/**
 * The most offered directions' codes, read afresh: the sitemap's, which is rendered per request
 * and outside any page (no data cache to read through).
 */
export const listPopularDirectionCodes = async (limit: number): Promise<Direction[]> =>
  (await readPopularDirections({ payload: await getPayload(), limit })).map((row) => ({
    from: row.from_code,
    to: row.to_code,
  }))

/** How many popular directions `/rates` lists. */
export const POPULAR_DIRECTIONS = 12

/** The directions most exchangers offer fresh, with both currencies' views. */
export const getPopularDirections = async ({
  locale,
  limit = POPULAR_DIRECTIONS,
}: {
  locale: string
  limit?: number
}) => {
  const [currencies, rows] = await Promise.all([
    getCurrencies(locale),
    readPopularDirections({ payload: await getPayload(), limit }),
  ])
  return namedDirections(currencies, rows)
}

/** The other directions from a currency, most offered first. */
export const getDirectionsFrom = async ({ from, locale }: { from: string; locale: string }) => {
  const [currencies, rows] = await Promise.all([
    getCurrencies(locale),
    readDirectionsFrom({ payload: await getPayload(), from, limit: 24 }),
  ])
  return namedDirections(currencies, rows)
}

/**
 * An exchanger's directions for its page, cached with that page (its resource's tag: the fetcher
 * expires it when the set of directions changes) and with the currencies' names.
 */
const getResourceDirectionRows = cachedRead(
  'getResourceDirections',
  async (resourceId: number) => readResourceDirections({ payload: await getPayload(), resourceId }),
  (resourceId) => [CACHE_TAGS.resource(resourceId), CACHE_TAGS.rates],
)

export const getResourceDirections = async ({
  resourceId,
  locale,
}: {
  resourceId: number
  locale: string
}) => {
  const [currencies, rows] = await Promise.all([
    getCurrencies(locale),
    getResourceDirectionRows(resourceId),
  ])
  return namedDirections(currencies, rows)
}

const namedDirections = (
  currencies: Awaited<ReturnType<typeof getCurrencies>>,
  rows: readonly { from_code: string; to_code: string; offers?: number }[],
) => {
  const byCode = new Map(currencies.map((row) => [row.code, currencyView(row)]))
  return rows.flatMap((row) => {
    const from = byCode.get(row.from_code)
    const to = byCode.get(row.to_code)
    return from && to ? [{ from, to, offers: row.offers ?? 0 }] : []
  })
}
