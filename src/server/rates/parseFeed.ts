import 'server-only'

import sax from 'sax'

import {
  RATE_FEED_LIMITS,
  type RateItemRefusal,
  type RateRefusal,
  isCurrencyCode,
} from '@/lib/rates'

/** One direction an exchanger offers, as `exchange_rates` holds it. */
export type Offer = {
  from_code: string
  to_code: string
  rate_in: number
  rate_out: number
  reserve: number
  min_amount: number | null
  max_amount: number | null
}

export type ParsedFeed =
  | { ok: true; offers: Offer[]; refused: number; refusals: RateRefusal[] }
  | { ok: false; error: 'format' }

/** An item's fields as the feed wrote them (names in lower case; the rest ignored). */
type RawItem = Partial<Record<(typeof FIELDS)[number], unknown>>

const FIELDS = ['from', 'to', 'in', 'out', 'amount', 'minamount', 'maxamount'] as const
const FIELD_NAMES = new Set<string>(FIELDS)

/** Deeper than any feed's items: a body nested further is not a feed. */
const MAX_DEPTH = 16
/** A field's text kept (a number or a code is far shorter). */
const MAX_FIELD_CHARS = 64

/**
 * Reads an exchanger's feed, the XML (`<rates><item><from>…`) or the same fields as JSON
 * (`{"rates": [...]}` or a bare array), and validates each item against the known currency
 * codes. Tolerant of what real feeds do (whitespace, a limit written `0.01 BTC`, numbers as
 * strings, extra fields, XML's entities), strict on meaning: an item that is not a valid offer is
 * refused with its reason, the others kept. A body in neither format is a `format` error. Never
 * throws, and holds no more than the body: entities a DOCTYPE declares are not expanded.
 */
export const parseFeed = (body: string, currencies: ReadonlySet<string>): ParsedFeed => {
  const text = body.replace(/^\uFEFF/, '').trim()
  const items =
    text.startsWith('{') || text.startsWith('[')
      ? jsonItems(text)
      : text.startsWith('<')
        ? xmlItems(text)
        : null
  return items ? { ok: true, ...validateItems(items, currencies) } : { ok: false, error: 'format' }
}

type Items = { items: RawItem[]; total: number }

const jsonItems = (text: string): Items | null => {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return null
  }
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { rates?: unknown }).rates)
      ? (data as { rates: unknown[] }).rates
      : null
  if (!list) return null
  const items = list.slice(0, RATE_FEED_LIMITS.maxItems).map((entry) => {
    const item: RawItem = {}
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return item
    for (const [key, value] of Object.entries(entry)) {
      const name = key.toLowerCase()
      if (FIELD_NAMES.has(name)) item[name as keyof RawItem] = value
    }
    return item
  })
  return { items, total: list.length }
}

class NotAFeed extends Error {}

const xmlItems = (text: string): Items | null => {
  // Loose mode: a stray `&` or an unknown entity in a field nobody reads does not lose the
  // feed; strictEntities: only XML's own entities and character references are replaced.
  const parser = sax.parser(false, { lowercase: true, trim: true, strictEntities: true })
  const items: RawItem[] = []
  let total = 0
  let depth = 0
  let root: string | null = null
  let item: RawItem | null = null
  let field: keyof RawItem | null = null
  let value = ''
  parser.onopentag = ({ name }) => {
    depth += 1
    if (depth > MAX_DEPTH) throw new NotAFeed()
    if (depth === 1) root = name
    else if (depth === 2 && root === 'rates' && name === 'item') {
      total += 1
      item = total <= RATE_FEED_LIMITS.maxItems ? {} : null
    } else if (depth === 3 && item && FIELD_NAMES.has(name)) {
      field = name as keyof RawItem
      value = ''
    }
  }
  parser.ontext = parser.oncdata = (chunk) => {
    if (field && value.length < MAX_FIELD_CHARS) value += chunk.slice(0, MAX_FIELD_CHARS)
  }
  parser.onclosetag = () => {
    if (depth === 3 && item && field) {
      item[field] ??= value
      field = null
    } else if (depth === 2 && item) {
      items.push(item)
      item = null
    }
    depth -= 1
  }
  // Loose mode still reports what it cannot read past (an unclosed tag at the end, a bad
  // character in a name): it goes on after it.
  parser.onerror = () => {
    parser.error = null
  }
  try {
    parser.write(text).close()
  } catch {
    return null
  }
  return root === 'rates' ? { items, total } : null
}

/**
 * A field's number: a JSON number, or a string of one, optionally followed by a currency code
 * (`0.01 BTC`, as some feeds write their limits). null when it is none or not finite.
 */
const NUMBER = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*(?:[A-Za-z][A-Za-z0-9]{1,15})?$/

const toNumber = (value: unknown): number | null => {
  const parsed =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? Number(NUMBER.exec(value.trim())?.[1] ?? NaN)
        : NaN
  return Number.isFinite(parsed) ? parsed : null
}

const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

const toCode = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : '')

/** Checks each item: the first reason it is not a valid offer, or the offer. */
const validateItems = (
  { items, total }: Items,
  currencies: ReadonlySet<string>,
): { offers: Offer[]; refused: number; refusals: RateRefusal[] } => {
  const offers: Offer[] = []
  const refusals: RateRefusal[] = []
  const seen = new Set<string>()
  let refused = 0
  const refuse = (item: number, reason: RateItemRefusal, from?: string, to?: string) => {
    refused += 1
    if (refusals.length < RATE_FEED_LIMITS.refusalsKept) {
      refusals.push({ item, reason, ...(from ? { from } : {}), ...(to ? { to } : {}) })
    }
  }
  items.forEach((raw, index) => {
    const place = index + 1
    const from = toCode(raw.from)
    const to = toCode(raw.to)
    // What the refusal names is only ever a code's shape, never the feed's arbitrary text.
    const named = [
      isCurrencyCode(from) ? from : undefined,
      isCurrencyCode(to) ? to : undefined,
    ] as const
    if ([raw.from, raw.to, raw.in, raw.out, raw.amount].some(isMissing)) {
      return refuse(place, 'missing-field', ...named)
    }
    if (!currencies.has(from) || !currencies.has(to)) {
      return refuse(place, 'unknown-currency', ...named)
    }
    if (from === to) return refuse(place, 'same-currency', from, to)
    const [rateIn, rateOut, reserve] = [raw.in, raw.out, raw.amount].map(toNumber)
    const min = isMissing(raw.minamount) ? undefined : toNumber(raw.minamount)
    const max = isMissing(raw.maxamount) ? undefined : toNumber(raw.maxamount)
    if ([rateIn, rateOut, reserve, min, max].some((number) => number === null)) {
      return refuse(place, 'not-a-number', from, to)
    }
    if (
      rateIn! <= 0 ||
      rateOut! <= 0 ||
      reserve! < 0 ||
      (min !== undefined && min! < 0) ||
      (max !== undefined && max! <= 0)
    ) {
      return refuse(place, 'not-positive', from, to)
    }
    if (min != null && max != null && min > max) return refuse(place, 'limits-order', from, to)
    const direction = `${from} ${to}`
    if (seen.has(direction)) return refuse(place, 'duplicate', from, to)
    seen.add(direction)
    offers.push({
      from_code: from,
      to_code: to,
      rate_in: rateIn!,
      rate_out: rateOut!,
      reserve: reserve!,
      min_amount: min ?? null,
      max_amount: max ?? null,
    })
  })
  for (let place = items.length + 1; place <= total; place += 1) {
    refuse(place, 'too-many-items')
  }
  return { offers, refused, refusals }
}
