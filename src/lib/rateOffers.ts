/**
 * A direction's offers as the rates pages and their refresh call show them (issue 48), and what
 * both sides work out from them: which are stale, their order, the calculator's amounts. Pure,
 * so the page's first paint and the browser's refresh agree.
 */
import {
  type Decimal,
  compareDecimals,
  formatDecimal,
  isZero,
  mulDiv,
  parseDecimal,
} from './decimals'
import { type CurrencyKind, RATES_STALE_SECONDS } from './rates'

export type RateCurrency = { code: string; name: string; kind: CurrencyKind; unit: string }

/** One exchanger's offer: give `rate_in` of the direction's `from`, get `rate_out` of its `to`. */
export type RateOffer = {
  resource: {
    id: number
    title: string
    /** The language of its title when it is not the page's. */
    lang: string | null
    /** Its page on this site. */
    path: string
    /** Its first address, where the exchange is made. */
    site: string | null
    rating_average: number
    review_count: number
    verified: boolean
  }
  /** Exact decimals as text (Postgres numerics). */
  rate_in: string
  rate_out: string
  /** In `to`'s unit: the most it can pay out. */
  reserve: string
  /** In `from`'s unit; null: no limit. */
  min_amount: string | null
  max_amount: string | null
  /** When its feed last answered with valid rates (ISO); null: never. */
  fresh_at: string | null
}

export type DirectionOffers = {
  from: RateCurrency
  to: RateCurrency
  /** Fresh first, best rate first; the stale after them. */
  offers: RateOffer[]
  /**
   * How many there are when `offers` holds only the first of them (the page's first paint);
   * absent when it holds all.
   */
  total?: number
  /** When the server read them (ISO): the ages the first paint shows count from it. */
  read_at: string
}

/** Whether an offer's feed is stale at `now` (ms): out of the best offers, marked. */
export const isStale = (freshAt: string | null, now: number) =>
  freshAt === null || now - Date.parse(freshAt) > RATES_STALE_SECONDS * 1000

/** Seconds since its feed last answered at `now` (ms); null when it never did. */
export const feedAge = (freshAt: string | null, now: number) =>
  freshAt === null ? null : Math.max(0, Math.round((now - Date.parse(freshAt)) / 1000))

const decimal = (text: string) => parseDecimal(text) ?? { digits: BigInt(0), scale: 0 }

/** An offer's rate, out ÷ in, to compare offers by. */
const rateOf = (offer: RateOffer) =>
  mulDiv(decimal(offer.rate_out), { digits: BigInt(1), scale: 0 }, decimal(offer.rate_in), 18)

/**
 * Offers in the order the pages list them at `now`: fresh before stale, then the best rate (the
 * most `to` for one `from`), then the larger reserve, then the older id (a stable order).
 */
export const orderOffers = (offers: readonly RateOffer[], now: number) =>
  offers
    .map((offer) => ({ offer, stale: isStale(offer.fresh_at, now), rate: rateOf(offer) }))
    .sort(
      (a, b) =>
        Number(a.stale) - Number(b.stale) ||
        compareDecimals(b.rate, a.rate) ||
        compareDecimals(decimal(b.offer.reserve), decimal(a.offer.reserve)) ||
        a.offer.resource.id - b.offer.resource.id,
    )
    .map(({ offer, stale }) => ({ offer, stale }))

/**
 * How many offers a direction page paints first: a direction of a hundred exchangers would weigh
 * a quarter of a megabyte; the browser asks for the rest (the refresh call) when the visitor
 * wants them or types an amount.
 */
export const RATES_FIRST_OFFERS = 10

/** The first RATES_FIRST_OFFERS offers in the pages' order at `now`, and how many there are. */
export const firstOffers = (view: DirectionOffers, now: number): DirectionOffers =>
  view.offers.length <= RATES_FIRST_OFFERS
    ? view
    : {
        ...view,
        offers: orderOffers(view.offers, now)
          .slice(0, RATES_FIRST_OFFERS)
          .map(({ offer }) => offer),
        total: view.offers.length,
      }

/** Why an amount cannot be exchanged at an offer. */
export type QuoteRefusal = 'below-min' | 'above-max' | 'over-reserve'

/** Digits kept of a computed amount before it is shown (the display cuts further). */
const QUOTE_SCALE = 12

/**
 * What `amount` of `from` brings at `offer`: `rate_out` ÷ `rate_in` × amount, cut, never rounded
 * up; and whether the offer takes it (its limits, its reserve).
 */
export const quote = (amount: Decimal, offer: RateOffer) => {
  const out = mulDiv(amount, decimal(offer.rate_out), decimal(offer.rate_in), QUOTE_SCALE)
  const min = offer.min_amount === null ? null : decimal(offer.min_amount)
  const max = offer.max_amount === null ? null : decimal(offer.max_amount)
  const refusal: QuoteRefusal | null =
    min && compareDecimals(amount, min) < 0
      ? 'below-min'
      : max && compareDecimals(amount, max) > 0
        ? 'above-max'
        : compareDecimals(out, decimal(offer.reserve)) > 0
          ? 'over-reserve'
          : null
  return { out, refusal }
}

/** A typed amount to quote, or null when it is not a positive number. */
export const readAmount = (text: string): Decimal | null => {
  const amount = parseDecimal(text)
  return amount && !isZero(amount) ? amount : null
}

/**
 * The index (in `rows`, already ordered) of the best offer: the first fresh one that takes the
 * amount (any fresh one without an amount); -1 when none does. A stale offer is never the best.
 */
export const bestIndex = (rows: readonly { stale: boolean; refusal: QuoteRefusal | null }[]) =>
  rows.findIndex((row) => !row.stale && row.refusal === null)

/** Digits shown after the point of an amount of this kind: satoshis for crypto, cents else. */
export const amountFraction = (kind: CurrencyKind) => (kind === 'crypto' ? 8 : 2)

/** An amount or a rate's side as text for `locale`, exactly (`6 812 345,12`). */
export const formatAmount = (value: Decimal | string, locale: string, fraction: number) =>
  formatDecimal(typeof value === 'string' ? decimal(value) : value, locale, fraction)

/** How often an open direction page asks for its offers again, while the tab is shown. */
export const RATES_REFRESH_SECONDS = 20

/** A feed's age in the largest whole unit: 12 s, 3 min, 2 h, 4 days. */
export const ageInUnits = (seconds: number) =>
  seconds < 60
    ? { unit: 'seconds' as const, count: seconds }
    : seconds < 3600
      ? { unit: 'minutes' as const, count: Math.floor(seconds / 60) }
      : seconds < 86400
        ? { unit: 'hours' as const, count: Math.floor(seconds / 3600) }
        : { unit: 'days' as const, count: Math.floor(seconds / 86400) }
