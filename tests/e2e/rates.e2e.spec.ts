import { type APIRequestContext, type Page, expect } from '@playwright/test'

import { queryOwnDatabase } from './instances'
import {
  type OwnResource,
  createResource,
  seriousViolations,
  settled,
  test,
  tokenOf,
  unique,
} from './support'

/**
 * A visitor picks a direction on /rates, reads its offers best first, a stale feed marked and
 * never the best, works the calculator, leaves for an exchanger in a new tab, and finds the
 * exchanger's directions on its page; in both languages, at 390 px, in both themes. Each test
 * makes its own currencies and exchangers (the fetcher's tables filled by SQL, as test setup).
 */

/** A currency only this test names: its code and its name in each language. */
const createCurrency = async (request: APIRequestContext, kind: 'crypto' | 'bank') => {
  const code = `E${unique()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')}`.slice(0, 16)
  const name = { en: `Coin ${code}`, ru: `Монета ${code}` }
  const headers = { Authorization: `JWT ${await tokenOf(request, 'admin')}` }
  const created = await request.post('/api/currencies?locale=en', {
    headers,
    data: { code, kind, unit: kind === 'crypto' ? 'TST' : 'RUB', name: name.en },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number } }
  const ru = await request.patch(`/api/currencies/${doc.id}?locale=ru`, {
    headers,
    data: { name: name.ru },
  })
  expect(ru.status()).toBe(200)
  return { code, name }
}

/** A verified exchanger of this test with a feed that answered `ageSeconds` ago, and its offer. */
const createExchanger = async (
  request: APIRequestContext,
  offer: { from: string; to: string; rateOut: string; ageSeconds?: number; max?: string },
): Promise<OwnResource> => {
  const resource = await createResource(request, { type: 'exchanger' })
  const feed = `https://feed.example/${resource.slug}.xml`
  // One statement: the worker's fetcher (every 2 s here) picks the exchanger up the moment it is
  // verified with a feed, and forgets the offers of one that is not; it must see all or nothing.
  await queryOwnDatabase(
    `WITH made AS (
       UPDATE resources SET verified = true, rates_feed = $2 WHERE id = $1 RETURNING id
     ), feed AS (
       INSERT INTO rate_feeds (resource_id, url, fetched_at, fresh_at, ok)
       SELECT id, $2, now(), now() - make_interval(secs => $3), true FROM made
     )
     INSERT INTO exchange_rates
       (resource_id, from_code, to_code, rate_in, rate_out, reserve, min_amount, max_amount)
     SELECT id, $4, $5, 1, $6, 1000000, 0.1, $7 FROM made`,
    [
      resource.id,
      feed,
      offer.ageSeconds ?? 5,
      offer.from,
      offer.to,
      offer.rateOut,
      offer.max ?? '20',
    ],
  )
  return resource
}

/** A direction with three exchangers: a good one, a better one, and a stale one best of all. */
const direction = async (request: APIRequestContext) => {
  const from = await createCurrency(request, 'crypto')
  const to = await createCurrency(request, 'bank')
  const good = await createExchanger(request, { from: from.code, to: to.code, rateOut: '1000' })
  const better = await createExchanger(request, { from: from.code, to: to.code, rateOut: '1200.5' })
  const stale = await createExchanger(request, {
    from: from.code,
    to: to.code,
    rateOut: '5000',
    ageSeconds: 3600,
  })
  const path = `/rates/${from.code.toLowerCase()}-${to.code.toLowerCase()}`
  return { from, to, good, better, stale, path }
}

const offerRows = (page: Page) => page.locator('.rate-table tbody tr')

test.describe('exchange rates', () => {
  test('should pick a direction, list offers best first with the stale last, and calculate', async ({
    page,
    request,
  }) => {
    const { from, to, good, better, stale, path } = await direction(request)

    await page.goto('/en/rates')
    await page.getByLabel('You give').selectOption(from.code)
    await page.getByLabel('You get').selectOption(to.code)
    await page.getByRole('button', { name: 'Show offers' }).click()
    await expect(page).toHaveURL(new RegExp(`/en${path}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${from.name.en} → ${to.name.en}`,
    )
    await settled(page)

    const rows = offerRows(page)
    await expect(
      rows.getByRole('rowheader').getByRole('link').filter({ hasNotText: 'Go to the exchanger' }),
    ).toHaveText([better.title, good.title, stale.title])
    await expect(rows.nth(0)).toContainText('1 TST → 1,200.5 RUB')
    await expect(rows.nth(0)).toContainText('Best rate')
    await expect(rows.nth(2)).toContainText('Stale')
    await expect(rows.nth(2)).not.toContainText('Best')

    // 10 TST: 12,005 at the better one; 30 is over the limit of 20 everywhere.
    const amount = page.getByLabel(/You give, TST/)
    await amount.fill('10')
    await expect(rows.nth(0)).toContainText('12,005 RUB')
    await expect(rows.nth(0)).toContainText('Best for this amount')
    await expect(page.locator('.rate-calculator').getByRole('status')).toContainText(
      `the best is ${better.title}: 12,005 RUB`,
    )
    await amount.fill('0.05')
    await expect(rows.nth(0)).toContainText('below the minimum')
    await expect(page.locator('.rate-calculator').getByRole('status')).toContainText(
      'No exchanger with a fresh feed',
    )

    // The exchanger's own site opens in a new tab, through the guarded external link.
    const site = rows.nth(0).getByRole('link', { name: 'Go to the exchanger' })
    await expect(site).toHaveAttribute('target', '_blank')
    await expect(site).toHaveAttribute('rel', /noopener/)
    await page
      .context()
      .route('https://example.com/**', (route) =>
        route.fulfill({ status: 200, body: 'exchanger', contentType: 'text/plain' }),
      )
    const clicked = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/track') &&
        /"click"/.test(response.request().postData() ?? ''),
    )
    const [tab] = await Promise.all([page.context().waitForEvent('page'), site.click()])
    await expect(tab).toHaveURL(/^https:\/\/example\.com/)
    // The click counts in the exchanger's analytics as a visit of its site.
    expect((await clicked).request().postDataJSON()).toMatchObject({
      resource_id: better.id,
      event: 'click',
      link: 'site',
    })
    await tab.close()

    // The exchanger's page lists its directions, which lead back here.
    await page.goto(better.path)
    const section = page.getByRole('region', { name: 'Exchange directions' })
    await section.getByRole('link', { name: `${from.name.en} → ${to.name.en}` }).click()
    await expect(page).toHaveURL(new RegExp(`/en${path}$`))
  })

  test('should paint the ten best offers first and bring the others when asked or for an amount', async ({
    page,
    request,
  }) => {
    const from = await createCurrency(request, 'crypto')
    const to = await createCurrency(request, 'bank')
    // Eleven offers: rates 1001…1010 up to 20 TST, and the worst, 900, up to 1,000 TST.
    for (let i = 1; i <= 10; i += 1) {
      await createExchanger(request, { from: from.code, to: to.code, rateOut: String(1000 + i) })
    }
    const roomy = await createExchanger(request, {
      from: from.code,
      to: to.code,
      rateOut: '900',
      max: '1000',
    })
    await page.goto(`/en/rates/${from.code.toLowerCase()}-${to.code.toLowerCase()}`)
    await settled(page)
    const rows = offerRows(page)
    await expect(rows).toHaveCount(10)
    await expect(page.getByText(roomy.title)).toHaveCount(0)

    // 100 TST fits the eleventh alone: the calculator names it though it is not shown yet.
    await page.getByLabel(/You give, TST/).fill('100')
    await expect(page.locator('.rate-calculator').getByRole('status')).toContainText(
      `the best is ${roomy.title}: 90,000 RUB`,
    )
    await page.getByRole('button', { name: 'Show all 11 offers' }).click()
    await expect(rows).toHaveCount(11)
    await expect(rows.nth(10)).toContainText(roomy.title)
    await expect(rows.nth(10)).toContainText('Best for this amount')
  })

  test('should show the direction in Russian at 390 px, without pushing the page sideways', async ({
    page,
    request,
  }) => {
    const { from, to, better, path } = await direction(request)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(path.toUpperCase().replace('/RATES/', '/rates/'))
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `${from.name.ru} → ${to.name.ru}`,
    )
    await settled(page)
    await expect(offerRows(page).nth(0)).toContainText('1 TST → 1\u00a0200,5 RUB')
    await expect(offerRows(page).nth(0)).toContainText('Лучший курс')
    await page.getByLabel(/Отдаёте, TST/).fill('2,5')
    await expect(page.locator('.rate-calculator').getByRole('status')).toContainText(
      `${better.title}: 3\u00a0001,25 RUB`,
    )
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.goto('/rates')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })

  test('should answer a known pair nobody offers with an empty list, and bad addresses with 404', async ({
    page,
    request,
  }) => {
    const from = await createCurrency(request, 'crypto')
    const to = await createCurrency(request, 'bank')
    await page.goto(`/en/rates/${from.code.toLowerCase()}-${to.code.toLowerCase()}`)
    await expect(page.getByText('Nobody offers this direction right now')).toBeVisible()
    for (const address of [
      '/en/rates/nosuch-sberrub',
      '/en/rates/btc-btc',
      '/en/rates/btc-%00',
      '/en/rates/btc-%E0%A4%A',
      `/en/rates/btc-${'x'.repeat(3000)}`,
    ]) {
      const answer = await request.get(address)
      expect(answer.status(), address).toBe(404)
    }
  })

  // One test a page and theme: axe on a page with its table takes seconds each.
  const pages: Record<string, (made: Awaited<ReturnType<typeof direction>>) => string> = {
    'the picker': () => '/en/rates',
    'a direction in English': ({ path }) => `/en${path}`,
    'a direction in Russian': ({ path }) => path,
    'the exchanger’s page': ({ better }) => better.path,
  }
  for (const theme of ['light', 'dark'] as const) {
    for (const [name, addressOf] of Object.entries(pages)) {
      test(`should have no serious accessibility violations on ${name}, ${theme} theme`, async ({
        page,
        request,
      }) => {
        const made = await direction(request)
        const address = addressOf(made)
        await page.emulateMedia({ colorScheme: theme })
        await page.goto(address)
        await settled(page)
        if (address.includes('/rates/')) await page.getByLabel(/TST/).fill('10')
        expect(await seriousViolations(page), address).toEqual([])
      })
    }
  }
})
