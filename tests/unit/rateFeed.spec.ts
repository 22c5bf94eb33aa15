import { describe, expect, it } from 'vitest'

import { RATE_FEED_LIMITS, RATE_ITEM_REFUSALS, type RateRefusal } from '@/lib/rates'
import { type Offer, parseFeed } from '@/server/rates/parseFeed'

const CODES = new Set(['BTC', 'ETH', 'SBERRUB', 'TCSBRUB', 'USDTTRC20', 'CASHUSD'])

type Item = Record<string, string | number | undefined>

const xmlOf = (items: Item[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n${items
    .map(
      (item) =>
        `  <item>${Object.entries(item)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => `<${key}>${value}</${key}>`)
          .join('')}</item>`,
    )
    .join('\n')}\n</rates>\n`

const good = {
  from: 'BTC',
  to: 'SBERRUB',
  in: 1,
  out: 6_500_000,
  amount: 12_000_000,
  minamount: '0.01 BTC',
  maxamount: 2,
}

const offer: Offer = {
  from_code: 'BTC',
  to_code: 'SBERRUB',
  rate_in: 1,
  rate_out: 6_500_000,
  reserve: 12_000_000,
  min_amount: 0.01,
  max_amount: 2,
}

const parsed = (body: string) => {
  const result = parseFeed(body, CODES)
  if (!result.ok) throw new Error(`not a feed: ${body.slice(0, 80)}`)
  return result
}

const reasons = (refusals: RateRefusal[]) => refusals.map((refusal) => refusal.reason)

describe('parseFeed: the two formats', () => {
  it('reads the XML format, tolerant of whitespace, units after limits, extra fields and entities', () => {
    const body = `\uFEFF  <?xml version="1.0"?>
      <rates>
        <item>
          <from> BTC </from>
          <to>SBERRUB</to>
          <in>1</in>
          <out>6500000</out>
          <amount>12000000</amount>
          <minamount>0.01 BTC</minamount>
          <maxamount>2 BTC</maxamount>
          <param>manual &amp; verified</param>
          <city>Moscow &amp; St. Petersburg &#x2014; &unknown;</city>
        </item>
        <item><from>eth</from><to>usdttrc20</to><in>1</in><out><![CDATA[3500.5]]></out><amount>90000</amount></item>
      </rates>`
    expect(parsed(body)).toEqual({
      ok: true,
      offers: [
        offer,
        {
          from_code: 'ETH',
          to_code: 'USDTTRC20',
          rate_in: 1,
          rate_out: 3500.5,
          reserve: 90000,
          min_amount: null,
          max_amount: null,
        },
      ],
      refused: 0,
      refusals: [],
    })
  })

  it('reads the same fields as JSON, wrapped in `rates` or as a bare array, numbers or strings', () => {
    const items = [
      good,
      { from: 'ETH', to: 'BTC', in: '18.2', out: '1', amount: '3.5', extra: { nested: true } },
    ]
    const wrapped = parsed(JSON.stringify({ rates: items }))
    const bare = parsed(JSON.stringify(items))
    expect(wrapped.offers).toEqual([
      offer,
      {
        from_code: 'ETH',
        to_code: 'BTC',
        rate_in: 18.2,
        rate_out: 1,
        reserve: 3.5,
        min_amount: null,
        max_amount: null,
      },
    ])
    expect(bare).toEqual(wrapped)
    // Keys in another case are the same fields.
    expect(
      parsed(JSON.stringify([{ FROM: 'BTC', To: 'SBERRUB', IN: 1, Out: 2, Amount: 0 }])).offers,
    ).toHaveLength(1)
  })

  it('an empty feed is a feed with no offers', () => {
    expect(parsed('<rates></rates>').offers).toEqual([])
    expect(parsed('{"rates": []}').offers).toEqual([])
  })

  it('a body in neither format is a format error', () => {
    for (const body of [
      '',
      '   ',
      'BTC;SBERRUB;1;6500000',
      '<html><body>Not found</body></html>',
      '<rate><item><from>BTC</from></item></rate>',
      '{"data": []}',
      '{"rates": {"from": "BTC"}}',
      '{"rates": [',
      '"rates"',
      '42',
      'null',
    ]) {
      expect(parseFeed(body, CODES), body).toEqual({ ok: false, error: 'format' })
    }
  })
})

describe('parseFeed: each item validated', () => {
  const refusalOf = (item: Item) => parsed(xmlOf([item])).refusals[0]

  it('refuses each kind of bad item with its reason, and keeps the good ones', () => {
    const cases: [Item, RateRefusal['reason']][] = [
      [{ ...good, out: undefined }, 'missing-field'],
      [{ ...good, amount: '  ' }, 'missing-field'],
      [{ ...good, from: 'DOGE' }, 'unknown-currency'],
      [{ ...good, to: 'not a code <b>' }, 'unknown-currency'],
      [{ ...good, to: 'BTC' }, 'same-currency'],
      [{ ...good, out: 'lots' }, 'not-a-number'],
      [{ ...good, in: '1e999' }, 'not-a-number'],
      [{ ...good, in: 'NaN' }, 'not-a-number'],
      [{ ...good, maxamount: 'Infinity' }, 'not-a-number'],
      [{ ...good, minamount: '0.01 BTC 2' }, 'not-a-number'],
      [{ ...good, in: 0 }, 'not-positive'],
      [{ ...good, out: -5 }, 'not-positive'],
      [{ ...good, amount: -1 }, 'not-positive'],
      [{ ...good, minamount: -0.1 }, 'not-positive'],
      [{ ...good, maxamount: 0 }, 'not-positive'],
      [{ ...good, minamount: 5, maxamount: 2 }, 'limits-order'],
    ]
    for (const [item, reason] of cases)
      expect(refusalOf(item)?.reason, JSON.stringify(item)).toBe(reason)

    const feed = parsed(
      xmlOf([
        good,
        { ...good, to: 'TCSBRUB', in: 0 },
        { ...good, out: 1 },
        { ...good, to: 'TCSBRUB' },
      ]),
    )
    expect(feed.offers.map((each) => `${each.from_code}-${each.to_code} ${each.rate_out}`)).toEqual(
      ['BTC-SBERRUB 6500000', 'BTC-TCSBRUB 6500000'],
    )
    // The first of a duplicated direction wins; each refusal names its place and direction.
    expect(feed.refusals).toEqual([
      { item: 2, from: 'BTC', to: 'TCSBRUB', reason: 'not-positive' },
      { item: 3, from: 'BTC', to: 'SBERRUB', reason: 'duplicate' },
    ])
    expect(feed.refused).toBe(2)
  })

  it('a zero reserve and no limits are an offer; a refusal never repeats arbitrary text', () => {
    expect(
      parsed(xmlOf([{ ...good, amount: 0, minamount: undefined, maxamount: undefined }])).offers,
    ).toHaveLength(1)
    expect(parsed(JSON.stringify([{ ...good, from: '<script>' }])).refusals[0]).toEqual({
      item: 1,
      to: 'SBERRUB',
      reason: 'unknown-currency',
    })
  })

  it('refuses the items past the limit, and keeps only the first refusals', () => {
    const many = Array.from({ length: RATE_FEED_LIMITS.maxItems + 7 }, (_, index) => ({
      ...good,
      amount: index,
    }))
    const feed = parsed(JSON.stringify(many))
    expect(feed.offers).toHaveLength(1)
    expect(feed.refused).toBe(RATE_FEED_LIMITS.maxItems - 1 + 7)
    expect(feed.refusals).toHaveLength(RATE_FEED_LIMITS.refusalsKept)
    const xml = parsed(xmlOf(many))
    expect(xml.refused).toBe(feed.refused)
    const tail = parsed(
      xmlOf([good, ...Array.from({ length: RATE_FEED_LIMITS.maxItems }, () => ({}))]),
    )
    expect(tail.refusals.at(-1)?.reason).toBe('missing-field')
    const over = parsed(
      JSON.stringify([...Array.from({ length: RATE_FEED_LIMITS.maxItems }, () => good), good]),
    )
    expect(new Set(reasons(over.refusals))).toEqual(new Set(['duplicate']))
    expect(over.refused).toBe(RATE_FEED_LIMITS.maxItems)
  })

  it('names every reason a refusal may have', () => {
    const seen = new Set<string>([
      'missing-field',
      'unknown-currency',
      'same-currency',
      'not-a-number',
      'not-positive',
      'limits-order',
      'duplicate',
    ])
    const last = parsed(
      JSON.stringify(Array.from({ length: RATE_FEED_LIMITS.maxItems + 1 }, () => ({}))),
    ).refused
    expect(last).toBe(RATE_FEED_LIMITS.maxItems + 1)
    const beyond = parseFeed(
      JSON.stringify([...Array.from({ length: RATE_FEED_LIMITS.maxItems }, () => ({})), good]),
      CODES,
    )
    expect(beyond.ok && beyond.refused).toBe(RATE_FEED_LIMITS.maxItems + 1)
    seen.add('too-many-items')
    expect([...seen].sort()).toEqual([...RATE_ITEM_REFUSALS].sort())
  })
})

describe('parseFeed never throws and never grows', () => {
  const bodies = [
    '\u0000\u0000<rates>\u0000</rates>',
    '<rates><item><from>BTC\u0000</from></item></rates>',
    '<'.repeat(10_000),
    '<rates>' + '<item>'.repeat(50_000),
    '<rates><item>' + '<a>'.repeat(100_000) + '</rates>',
    '['.repeat(100_000) + ']'.repeat(100_000),
    '{"rates":' + '['.repeat(50_000) + ']'.repeat(50_000) + '}',
    `{"rates":[{"from":"BTC","to":"SBERRUB","in":1e999,"out":1,"amount":1}]}`,
    `{"rates":[{"from":"BTC","to":"SBERRUB","in":1,"out":${'9'.repeat(400)},"amount":1}]}`,
    `{"rates":[{"from":"BTC","to":"SBERRUB","in":"${'1'.repeat(5000)}","out":1,"amount":1}]}`,
    `{"rates":[null, 1, "x", [], {"from": {"$gt": ""}}, {"from": ["BTC"], "to": "ETH"}]}`,
    '<rates><item><from>BTC</from><to>SBERRUB</to><in>1</in><out>2</out><amount>3</amount></item',
    '<rates><item><from attr="x>BTC</from></item></rates>',
    Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1]).toString('utf8'),
    '<rates>\uD800<item>\uDFFF</item></rates>',
    '<?xml version="1.0"?><!DOCTYPE r SYSTEM "file:///etc/passwd"><rates>&xxe;</rates>',
  ]

  it('answers every garbage body with a feed or a format error', () => {
    for (const body of bodies) {
      const result = parseFeed(body, CODES)
      expect(result.ok ? 'feed' : result.error, body.slice(0, 40)).toMatch(/^(feed|format)$/)
    }
    // Random bytes, seeded so a failure can be repeated.
    let seed = 48
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    const alphabet = '<>/&;![]{}":,0123456789.eE-+ itemratesfromtoinoutamount\u0000\uFFFD'
    for (let round = 0; round < 300; round += 1) {
      const length = Math.floor(random() * 400)
      const body = Array.from(
        { length },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('')
      expect(() => parseFeed(body, CODES)).not.toThrow()
      expect(() => parseFeed(`<rates><item>${body}</item></rates>`, CODES)).not.toThrow()
    }
  })

  it('expands no entity a DOCTYPE declares (a billion laughs stays a few bytes)', () => {
    const laughs = `<?xml version="1.0"?>
      <!DOCTYPE lolz [
        <!ENTITY lol "lol">
        <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
        <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
        <!ENTITY lol9 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
        <!ENTITY code "BTC">
      ]>
      <rates><item><from>&code;</from><to>SBERRUB</to><in>&lol9;</in><out>1</out><amount>1</amount></item></rates>`
    const result = parsed(laughs)
    expect(result.offers).toEqual([])
    expect(result.refusals).toEqual([{ item: 1, to: 'SBERRUB', reason: 'unknown-currency' }])
  })

  it('reads a feed of the largest size quickly', () => {
    const items = Array.from({ length: RATE_FEED_LIMITS.maxItems }, (_, index) => ({
      ...good,
      to: [...CODES][index % CODES.size],
      amount: index,
    }))
    const started = performance.now()
    const feed = parsed(xmlOf(items))
    expect(feed.offers.length + feed.refused).toBe(RATE_FEED_LIMITS.maxItems)
    expect(performance.now() - started).toBeLessThan(2000)
  })
})
