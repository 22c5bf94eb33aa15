/**
 * The rates pages' addresses (issue 48): `/rates`, where a visitor picks a direction, and one page
 * per direction, `/rates/{from}-{to}` with both codes in lower case (`/rates/btc-sberrub`). What
 * the picker's form sends without JavaScript (`/rates?from=BTC&to=SBERRUB`) and any other case
 * of a direction lead there, so each direction has one address to cache and to index.
 */
import { isCurrencyCode } from './rates'

export const RATES_PATH = '/rates'

/** The picker's fields, as its GET form names them. */
export const RATES_FORM = { from: 'from', to: 'to' } as const

export type Direction = { from: string; to: string }

/** A direction's canonical address: `/rates/btc-sberrub`. */
export const directionPath = ({ from, to }: Direction) =>
  `${RATES_PATH}/${from.toLowerCase()}-${to.toLowerCase()}`

/**
 * The direction a path segment names, its codes in the feeds' upper case, whatever case it was
 * typed in; null when it names none (two codes of the currencies' shape, apart).
 */
export const readDirection = (segment: string): Direction | null => {
  if (segment.length > 33) return null
  const parts = segment.toUpperCase().split('-')
  if (parts.length !== 2) return null
  const [from, to] = parts as [string, string]
  return isCurrencyCode(from) && isCurrencyCode(to) && from !== to ? { from, to } : null
}

/** Whether a direction page's segment is its canonical spelling (lower case). */
export const isCanonicalDirection = (segment: string) => {
  const direction = readDirection(segment)
  return direction !== null && directionPath(direction) === `${RATES_PATH}/${segment}`
}

/**
 * Where the proxy sends a visit of `path` (locale removed) with its query: a locale-free address
 * to redirect to, or null to serve it as it is. The picker's query goes to its direction (or back
 * to `/rates` when it names none), a direction in another case to its lower case, and a query on
 * a direction page is dropped. A segment that names no direction is left to the page's 404.
 */
export const ratesRedirect = (path: string, search: URLSearchParams): string | null => {
  if (path === RATES_PATH || path === `${RATES_PATH}/`) {
    if (![...search.keys()].length) return path === RATES_PATH ? null : RATES_PATH
    const from = search.get(RATES_FORM.from) ?? ''
    const to = search.get(RATES_FORM.to) ?? ''
    const direction = readDirection(`${from}-${to}`)
    return direction ? directionPath(direction) : RATES_PATH
  }
  const parts = path.split('/').filter(Boolean)
  if (parts.length !== 2 || `/${parts[0]}` !== RATES_PATH) return null
  const direction = readDirection(parts[1]!)
  if (!direction) return null
  const canonical = directionPath(direction)
  return canonical !== path || [...search.keys()].length ? canonical : null
}

/** Whether a path (locale removed) is one of the rates pages, which are rendered once for all. */
export const isRatesPage = (path: string) => {
  const parts = path.split('/').filter(Boolean)
  return `/${parts[0]}` === RATES_PATH && parts.length <= 2
}
