import 'server-only'

/**
 * The demo's rates feeds (issue 48): what `/api/dev/rates-feed/<slug>` serves in development for
 * the seeded exchangers (src/seed/rates.ts), so the fetcher, the rates pages and the owner's feed
 * health have something real to show without the network. Deterministic: the same slug at the
 * same minute gives the same feed, and the rates drift slowly (a few tenths of a percent over
 * tens of minutes), as an exchanger's do.
 */

/** What a currency is worth in US dollars, roughly, for realistic magnitudes. */
const USD_VALUE: Record<string, number> = {
  BTC: 95_000,
  ETH: 3_300,
  USDTTRC20: 1,
  LTC: 86,
  XMR: 160,
  TON: 5.4,
  SBERRUB: 1 / 95,
  TCSBRUB: 1 / 95,
  SBPRUB: 1 / 95,
  CARDRUB: 1 / 95,
  YAMRUB: 1 / 96,
  PMUSD: 1,
  CASHUSD: 1,
}
const CRYPTO = ['BTC', 'ETH', 'USDTTRC20', 'LTC', 'XMR', 'TON']
const MONEY = ['SBERRUB', 'TCSBRUB', 'SBPRUB', 'CARDRUB', 'YAMRUB', 'PMUSD', 'CASHUSD']

export type DemoRatesFeed = {
  /** The exchanger's margin on every direction, 0.01 = 1%. */
  margin: number
  /** How many of the directions it offers (20 to 40). */
  directions: number
  format: 'xml' | 'json'
  /** Down: the address answers 503 (its last rates go stale). */
  isDown?: boolean
  /** Items the fetcher must refuse, so the owner's health panel shows its reasons. */
  withBadItems?: boolean
}

/** The seeded exchangers with a feed, by slug. */
export const DEMO_RATES_FEEDS: Record<string, DemoRatesFeed> = {
  'swift-exchange': { margin: 0.012, directions: 36, format: 'json' },
  'ruble-bridge': { margin: 0.018, directions: 30, format: 'xml', withBadItems: true },
  'north-exchange': { margin: 0.025, directions: 22, format: 'xml', isDown: true },
}

export type DemoRateItem = {
  from: string
  to: string
  in: string
  out: string
  amount: string
  minamount: string
  maxamount: string
}

/** A small deterministic hash (FNV-1a), for each exchanger's own choice and phase. */
const hash = (text: string) => {
  let value = 0x811c9dc5
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 0x01000193) >>> 0
  return value
}

/** Six significant digits at most, as feeds write them (no exponent). */
const figure = (value: number) =>
  value >= 1 ? String(Number(value.toPrecision(7))) : value.toFixed(12).replace(/0+$/, '')

/** The items of `slug`'s feed at `now` (ms): its directions, best-known first. */
export const demoRateItems = (slug: string, now: number): DemoRateItem[] => {
  const profile = DEMO_RATES_FEEDS[slug]
  if (!profile) return []
  const pairs = CRYPTO.flatMap((crypto) =>
    MONEY.flatMap((money) => [
      [crypto, money],
      [money, crypto],
    ]),
  ).sort((a, b) => hash(`${slug}:${a.join('>')}`) - hash(`${slug}:${b.join('>')}`))
  // BTC and Tether to Sberbank first: every demo exchanger offers the directions people look for.
  const chosen = [
    ['BTC', 'SBERRUB'],
    ['USDTTRC20', 'SBERRUB'],
    ['SBERRUB', 'BTC'],
    ...pairs.filter(
      ([from, to]) => !/^(BTC|USDTTRC20)>SBERRUB$|^SBERRUB>BTC$/.test(`${from}>${to}`),
    ),
  ].slice(0, profile.directions)
  const phase = (hash(slug) % 1000) / 159
  return chosen.map(([from, to]) => {
    // A slow swing of ±0.4% with a period of about an hour, each exchanger at its own phase.
    const drift = 1 + 0.004 * Math.sin(now / 573_000 + phase + (hash(from + to) % 7))
    const rate = (USD_VALUE[from] / USD_VALUE[to]) * (1 - profile.margin) * drift
    // Quoted the way exchangers do: 1 of the dearer currency against its price in the other.
    const [give, get] = rate >= 1 ? [1, rate] : [1 / rate, 1]
    const reserveUsd = 20_000 + (hash(`${slug}:${to}`) % 180) * 1_000
    return {
      from,
      to,
      in: figure(give),
      out: figure(get),
      amount: figure(reserveUsd / USD_VALUE[to]),
      minamount: figure(50 / USD_VALUE[from]),
      maxamount: figure(Math.min(reserveUsd, 25_000) / USD_VALUE[from]),
    }
  })
}

/** Items no fetcher may accept: a code the currencies table lacks, limits the wrong way round. */
const BAD_ITEMS: DemoRateItem[] = [
  {
    from: 'BTC',
    to: 'DOGECOINRUB',
    in: '1',
    out: '1000',
    amount: '100',
    minamount: '0.001',
    maxamount: '1',
  },
  {
    from: 'USDTTRC20',
    to: 'TCSBRUB',
    in: '1',
    out: '94.1',
    amount: '500000',
    minamount: '5000',
    maxamount: '100',
  },
]

/** `slug`'s whole feed at `now`, in its format; null when the demo has no such feed. */
export const demoRatesFeed = (
  slug: string,
  now: number,
): { status: number; type: string; body: string } | null => {
  const profile = DEMO_RATES_FEEDS[slug]
  if (!profile) return null
  if (profile.isDown) return { status: 503, type: 'text/plain', body: 'Service Unavailable' }
  const items = [...demoRateItems(slug, now), ...(profile.withBadItems ? BAD_ITEMS : [])]
  if (profile.format === 'json') {
    return { status: 200, type: 'application/json', body: JSON.stringify({ rates: items }) }
  }
  const xml = items
    .map(
      (item) =>
        `<item>${Object.entries(item)
          .map(([name, value]) => `<${name}>${value}</${name}>`)
          .join('')}</item>`,
    )
    .join('\n')
  return {
    status: 200,
    type: 'text/xml',
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n${xml}\n</rates>\n`,
  }
}
