import { describe, expect, it } from 'vitest'

import {
  compareDecimals,
  decimalText,
  formatDecimal,
  mulDiv,
  parseDecimal,
  truncate,
} from '@/lib/decimals'
import {
  directionPath,
  isCanonicalDirection,
  isRatesPage,
  ratesRedirect,
  readDirection,
} from '@/lib/rateAddress'
import {
  type RateOffer,
  ageInUnits,
  bestIndex,
  formatAmount,
  isStale,
  orderOffers,
  quote,
  readAmount,
} from '@/lib/rateOffers'
import { RATES_STALE_SECONDS } from '@/lib/rates'

const query = (text: string) => new URLSearchParams(text)
const dec = (text: string) => parseDecimal(text)!

describe('the rates pages’ addresses', () => {
  it('names a direction in lower case, and reads it in any case', () => {
    expect(directionPath({ from: 'BTC', to: 'SBERRUB' })).toBe('/rates/btc-sberrub')
    expect(readDirection('btc-sberrub')).toEqual({ from: 'BTC', to: 'SBERRUB' })
    expect(readDirection('BTC-SberRub')).toEqual({ from: 'BTC', to: 'SBERRUB' })
    expect(isCanonicalDirection('btc-sberrub')).toBe(true)
    expect(isCanonicalDirection('BTC-sberrub')).toBe(false)
  })

  it('reads no direction from a segment of the wrong shape', () => {
    for (const segment of [
      'btc',
      'btc-btc',
      'btc-sber-rub',
      'b-sberrub',
      'btc-',
      'btc_sberrub',
      'btc-sberrub\u0000',
      'btc-%00',
      `btc-${'x'.repeat(5000)}`,
      'бтк-sberrub',
      '',
    ]) {
      expect(readDirection(segment), segment).toBeNull()
    }
  })

  it('sends the picker’s query to its direction, or back to /rates when it names none', () => {
    expect(ratesRedirect('/rates', query('from=BTC&to=SBERRUB'))).toBe('/rates/btc-sberrub')
    expect(ratesRedirect('/rates', query('from=btc&to=sberrub&x=1'))).toBe('/rates/btc-sberrub')
    expect(ratesRedirect('/rates', query('from=BTC&to=BTC'))).toBe('/rates')
    expect(ratesRedirect('/rates', query('from=%00&to=SBERRUB'))).toBe('/rates')
    expect(ratesRedirect('/rates', query('utm=1'))).toBe('/rates')
    expect(ratesRedirect('/rates', query(''))).toBeNull()
  })

  it('sends a direction in another case, or with a query, to its one address', () => {
    expect(ratesRedirect('/rates/BTC-SBERRUB', query(''))).toBe('/rates/btc-sberrub')
    expect(ratesRedirect('/rates/btc-sberrub', query('a=1'))).toBe('/rates/btc-sberrub')
    expect(ratesRedirect('/rates/btc-sberrub', query(''))).toBeNull()
    // What names no direction is the page's 404, not a redirect.
    expect(ratesRedirect('/rates/btc-btc', query(''))).toBeNull()
    expect(ratesRedirect('/rates/btc-sberrub/x', query(''))).toBeNull()
    expect(ratesRedirect('/resources/exchangers', query('from=BTC'))).toBeNull()
  })

  it('knows the rates pages, rendered once for all', () => {
    expect(isRatesPage('/rates')).toBe(true)
    expect(isRatesPage('/rates/btc-sberrub')).toBe(true)
    expect(isRatesPage('/rates/a/b')).toBe(false)
    expect(isRatesPage('/ratesx')).toBe(false)
  })
})

describe('exact decimals', () => {
  it('reads a database’s and a person’s numbers, and nothing else', () => {
    expect(decimalText(dec('6812345.120000'))).toBe('6812345.12')
    expect(decimalText(dec('0,5'))).toBe('0.5')
    expect(decimalText(dec('1 500'))).toBe('1500')
    expect(decimalText(dec('0.00000001'))).toBe('0.00000001')
    for (const text of ['', '-1', '1e5', 'abc', '1.2.3', '0x10', 'NaN', '1'.repeat(41)]) {
      expect(parseDecimal(text), text).toBeNull()
    }
  })

  it('multiplies and divides without float noise', () => {
    expect(decimalText(mulDiv(dec('0.1'), dec('0.2'), dec('1'), 12))).toBe('0.02')
    expect(decimalText(mulDiv(dec('0.1'), dec('3'), dec('1'), 12))).toBe('0.3')
    // 1 BTC → 6 812 345.12 RUB, for 0.3 BTC: exactly 2 043 703.536 RUB.
    expect(decimalText(mulDiv(dec('0.3'), dec('6812345.12'), dec('1'), 12))).toBe('2043703.536')
    // 6 900 000 RUB → 1 BTC, for 1 000 RUB: cut, never rounded up.
    expect(decimalText(mulDiv(dec('1000'), dec('1'), dec('6900000'), 12))).toBe('0.000144927536')
  })

  it('handles very large and very small amounts exactly', () => {
    const huge = dec('123456789012345678901234567890.123456789')
    expect(decimalText(mulDiv(huge, dec('2'), dec('1'), 12))).toBe(
      '246913578024691357802469135780.246913578',
    )
    expect(decimalText(mulDiv(dec('0.000000000001'), dec('0.5'), dec('1'), 12))).toBe('0')
    expect(compareDecimals(dec('0.30000000000000004'), dec('0.3'))).toBe(1)
    expect(compareDecimals(dec('1.50'), dec('1.5'))).toBe(0)
    expect(decimalText(truncate(dec('1.999'), 2))).toBe('1.99')
  })

  it('shows numbers in each language’s digits, cut to the digits shown', () => {
    expect(formatDecimal(dec('6812345.129'), 'en', 2)).toBe('6,812,345.12')
    expect(formatDecimal(dec('6812345.129'), 'ru', 2)).toBe('6\u00a0812\u00a0345,12')
    expect(formatDecimal(dec('0.30000000000000004'), 'en', 8)).toBe('0.3')
    expect(formatDecimal(dec('0.00012345678'), 'en', 8)).toBe('0.00012345')
  })
})

const NOW = Date.parse('2026-11-30T03:00:00Z')
const ago = (seconds: number | null) =>
  seconds === null ? null : new Date(NOW - seconds * 1000).toISOString()

const offer = (
  id: number,
  {
    rateIn = '1',
    rateOut,
    reserve = '1000000000',
    min = null,
    max = null,
    age = 10,
  }: {
    rateIn?: string
    rateOut: string
    reserve?: string
    min?: string | null
    max?: string | null
    age?: number | null
  },
): RateOffer => ({
  resource: {
    id,
    title: `Exchanger ${id}`,
    lang: 'en',
    path: `/resources/exchangers/e${id}`,
    site: 'https://example.com',
    rating_average: 4,
    review_count: 2,
    verified: true,
  },
  rate_in: rateIn,
  rate_out: rateOut,
  reserve,
  min_amount: min,
  max_amount: max,
  fresh_at: ago(age),
})

describe('a direction’s offers', () => {
  it('marks a feed stale past RATES_STALE_SECONDS, or when it never answered', () => {
    expect(isStale(ago(RATES_STALE_SECONDS - 1), NOW)).toBe(false)
    expect(isStale(ago(RATES_STALE_SECONDS + 1), NOW)).toBe(true)
    expect(isStale(null, NOW)).toBe(true)
  })

  it('lists fresh offers best rate first, the stale after them whatever their rate', () => {
    const ordered = orderOffers(
      [
        offer(1, { rateOut: '100' }),
        offer(2, { rateOut: '500', age: 600 }),
        offer(3, { rateIn: '2', rateOut: '240' }),
        offer(4, { rateOut: '110', reserve: '5' }),
        offer(5, { rateOut: '110', reserve: '50' }),
      ],
      NOW,
    )
    expect(ordered.map(({ offer: o }) => o.resource.id)).toEqual([3, 5, 4, 1, 2])
    expect(ordered.map(({ stale }) => stale)).toEqual([false, false, false, false, true])
  })

  it('quotes an amount exactly and says why an offer cannot take it', () => {
    const base = offer(1, { rateOut: '6812345.12', min: '0.01', max: '2', reserve: '10000000' })
    expect(decimalText(quote(dec('0.3'), base).out)).toBe('2043703.536')
    expect(quote(dec('0.3'), base).refusal).toBeNull()
    expect(quote(dec('0.001'), base).refusal).toBe('below-min')
    expect(quote(dec('3'), base).refusal).toBe('above-max')
    expect(quote(dec('1.5'), base).refusal).toBe('over-reserve')
  })

  it('never makes a stale or refusing offer the best', () => {
    expect(
      bestIndex([
        { stale: false, refusal: 'below-min' },
        { stale: true, refusal: null },
        { stale: false, refusal: null },
      ]),
    ).toBe(2)
    expect(bestIndex([{ stale: true, refusal: null }])).toBe(-1)
  })

  it('reads only a positive typed amount', () => {
    expect(readAmount('0,25')).toEqual(dec('0.25'))
    expect(readAmount('0')).toBeNull()
    expect(readAmount('-1')).toBeNull()
    expect(readAmount('1e3')).toBeNull()
    expect(formatAmount('1500.5', 'en', 2)).toBe('1,500.5')
  })

  it('tells a feed’s age in its largest whole unit', () => {
    expect(ageInUnits(12)).toEqual({ unit: 'seconds', count: 12 })
    expect(ageInUnits(200)).toEqual({ unit: 'minutes', count: 3 })
    expect(ageInUnits(7300)).toEqual({ unit: 'hours', count: 2 })
    expect(ageInUnits(86400 * 3)).toEqual({ unit: 'days', count: 3 })
  })
})

describe('the reads of the rates tables', () => {
  // A statement on the offers (FROM or JOIN exchange_rates) takes offersRates, so a warned,
  // unverified or re-fed exchanger drops out of every reader at once. The demo's writer only inserts.
  it('take offersRates in every module of src/server/sql that reads offers', async () => {
    const { readdir, readFile } = await import('node:fs/promises')
    const dir = 'src/server/sql'
    const readers: string[] = []
    for (const name of await readdir(dir)) {
      const text = await readFile(`${dir}/${name}`, 'utf8')
      if (!/\b(FROM|JOIN)\s+exchange_rates\b/.test(text)) continue
      readers.push(name)
      expect(text, name).toMatch(/\boffersRates\(/)
    }
    expect(readers.sort()).toEqual([
      'rateCycle.ts',
      'rateFeedHealth.ts',
      'ratePages.ts',
      'rates.ts',
    ])
  })
})
