/**
 * Exchangers' rates (issue 48): the currencies' kinds, the shape of a currency's code and of a
 * direction's address, and the constants the fetcher, the pages and the forms share.
 */

export const CURRENCY_KINDS = ['crypto', 'bank', 'payment', 'cash'] as const
export type CurrencyKind = (typeof CURRENCY_KINDS)[number]

/** A currency's code as the exchangers' feeds spell it: BTC, SBERRUB, USDTTRC20, CASHUSD. */
export const CURRENCY_CODE_PATTERN = /^[A-Z0-9]{2,16}$/

export const isCurrencyCode = (value: unknown): value is string =>
  typeof value === 'string' && CURRENCY_CODE_PATTERN.test(value)

/** The longest feed address an owner may set. */
export const RATES_FEED_URL_MAX = 2000
