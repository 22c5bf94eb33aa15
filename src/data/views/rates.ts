import 'server-only'

import type { Payload } from 'payload'

import type { Direction } from '@/lib/rateAddress'
import type { DirectionOffers, RateCurrency, RateOffer } from '@/lib/rateOffers'
import type { ResourceType } from '@/lib/resourceTypes'
import { resourcePath } from '@/lib/resourceTypes'
import {
  type CurrencyRow,
  type OfferRow,
  readCurrencies,
  readDirectionOffers,
} from '@/server/sql/ratePages'

/**
 * A direction's offers as the rates pages and their refresh call show them (issue 48), from the
 * listed currencies and the offers' rows; null when either code is not a listed currency.
 */
export const directionOffersView = ({
  direction,
  currencies,
  offers,
  readAt,
}: {
  direction: Direction
  currencies: readonly CurrencyRow[]
  offers: readonly OfferRow[]
  readAt: Date
}): DirectionOffers | null => {
  const from = currencies.find((currency) => currency.code === direction.from)
  const to = currencies.find((currency) => currency.code === direction.to)
  if (!from || !to) return null
  return {
    from: currencyView(from),
    to: currencyView(to),
    offers: offers.map(offerView),
    read_at: readAt.toISOString(),
  }
}

export const currencyView = ({ code, name, kind, unit }: CurrencyRow): RateCurrency => ({
  code,
  name,
  kind,
  unit,
})

const offerView = (row: OfferRow): RateOffer => ({
  resource: {
    id: row.resource_id,
    title: row.title ?? row.slug,
    lang: row.title_locale,
    path: resourcePath({ type: row.type as ResourceType, slug: row.slug }),
    site: row.site,
    rating_average: Number(row.rating_average ?? 0),
    review_count: Number(row.review_count ?? 0),
    verified: row.verified,
  },
  rate_in: row.rate_in,
  rate_out: row.rate_out,
  reserve: row.reserve,
  min_amount: row.min_amount,
  max_amount: row.max_amount,
  fresh_at: row.fresh_at === null ? null : new Date(row.fresh_at).toISOString(),
})

/** How long one process answers the refresh call from what it read last (many open tabs). */
const MEMO_MS = 5000
const MEMO_MAX = 1000
const memo = new Map<string, { at: number; answer: Promise<DirectionOffers | null> }>()

/**
 * A direction's offers for the refresh call, read at most once per MEMO_MS per direction and
 * language in this process: every open tab asks every 20 s, and the answer is the same for all.
 */
export const readDirectionOffersView = ({
  payload,
  direction,
  locale,
}: {
  payload: Payload
  direction: Direction
  locale: string
}) => {
  const key = `${direction.from}-${direction.to}:${locale}`
  const now = Date.now()
  const kept = memo.get(key)
  if (kept && now - kept.at < MEMO_MS) return kept.answer
  if (memo.size >= MEMO_MAX) memo.clear()
  const answer = Promise.all([
    readCurrencies({ payload, locale }),
    readDirectionOffers({ payload, ...direction, locale }),
  ]).then(([currencies, offers]) =>
    directionOffersView({ direction, currencies, offers, readAt: new Date(now) }),
  )
  memo.set(key, { at: now, answer })
  // A failed read is not kept: the next call tries again.
  answer.catch(() => memo.delete(key))
  return answer
}
