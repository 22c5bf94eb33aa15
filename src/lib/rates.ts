/**
 * Exchangers' rates (issue 48): the currencies' kinds, the shape of a currency's code and of a
 * direction's address, and the constants the fetcher, the pages and the forms share.
 */

import { isWebAddress } from './externalUrl'

export const CURRENCY_KINDS = ['crypto', 'bank', 'payment', 'cash'] as const
export type CurrencyKind = (typeof CURRENCY_KINDS)[number]

/** A currency's code as the exchangers' feeds spell it: BTC, SBERRUB, USDTTRC20, CASHUSD. */
export const CURRENCY_CODE_PATTERN = /^[A-Z0-9]{2,16}$/

export const isCurrencyCode = (value: unknown): value is string =>
  typeof value === 'string' && CURRENCY_CODE_PATTERN.test(value)

/** The longest feed address an owner may set. */
export const RATES_FEED_URL_MAX = 2000

/**
 * A feed address an owner may set, on every door: an http(s) address with a host, no longer than
 * RATES_FEED_URL_MAX, without spaces or control characters (which a URL parser would quietly
 * drop or encode, so the address fetched would not be the one shown to the owner).
 */
export const isRatesFeedAddress = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= RATES_FEED_URL_MAX &&
  !/[\s\u0000-\u001f\u007f]/.test(value) &&
  isWebAddress(value)

/** A feed not answered with valid rates for this long is stale: shown as such, out of the best offers. */
export const RATES_STALE_SECONDS = 5 * 60

/** How long a direction's hourly history is kept. */
export const RATES_HISTORY_DAYS = 90

/** What one feed may hold, and how many of its refused items the owner is shown. */
export const RATE_FEED_LIMITS = { maxItems: 5000, refusalsKept: 100 } as const

/** Why an item of a feed was refused (the owner's feed health names each, in both languages). */
export const RATE_ITEM_REFUSALS = [
  'missing-field',
  'unknown-currency',
  'same-currency',
  'not-a-number',
  'not-positive',
  'limits-order',
  'duplicate',
  'too-many-items',
] as const
export type RateItemRefusal = (typeof RATE_ITEM_REFUSALS)[number]

/** A refused item as the feed's state keeps it: its place in the feed (from 1), what it named, why. */
export type RateRefusal = { item: number; from?: string; to?: string; reason: RateItemRefusal }

/**
 * Why a whole fetch failed: the link checker's kinds (an address not http(s), no such name, a
 * private address, no answer in time, refused, TLS, network, too many redirects, an HTTP error),
 * a body over the size limit, or a body that is neither the XML nor the JSON format.
 */
export const RATE_FEED_ERRORS = [
  'scheme',
  'dns',
  'private',
  'timeout',
  'refused',
  'tls',
  'network',
  'redirects',
  'http',
  'too-large',
  'format',
] as const
export type RateFeedError = (typeof RATE_FEED_ERRORS)[number]
