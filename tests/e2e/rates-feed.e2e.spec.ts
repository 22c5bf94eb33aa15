import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { type APIRequestContext, type Page, expect } from '@playwright/test'

import {
  adminInLanguage,
  createOwner,
  seriousViolations,
  settled,
  signInThroughApi,
  startSignedIn,
  test,
  tokenOf,
  unique,
} from './support'

/**
 * An exchanger's owner sets its rates feed in the resource's form and watches its health on My
 * resources: the fetcher (which an e2e app runs every few seconds) reads a feed this file serves,
 * accepts its good items and refuses the bad one with its reason; a bad address is refused by
 * the form; an admin renames a currency in Russian. The feed is fetched by the app from this
 * process's local server (the apps allow private addresses: RATES_FETCH_ALLOW_PRIVATE).
 */

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rates>
  <item><from>BTC</from><to>SBERRUB</to><in>1</in><out>8950000</out><amount>4500000</amount><minamount>0.002</minamount><maxamount>0.5</maxamount></item>
  <item><from>USDTTRC20</from><to>SBERRUB</to><in>1</in><out>94.2</out><amount>1200000</amount><minamount>50</minamount><maxamount>20000</maxamount></item>
  <item><from>BTC</from><to>NOSUCHCOIN</to><in>1</in><out>1</out><amount>1</amount><minamount>0.1</minamount><maxamount>1</maxamount></item>
</rates>
`

let feedServer: Server
let feedBase: string

test.beforeAll(async () => {
  feedServer = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(FEED)
  })
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve))
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await new Promise((resolve) => feedServer.close(resolve))
})

/** An exchanger of a new owner's, published and verified by the demo admin (so it is fetched). */
const verifiedExchanger = async (request: APIRequestContext) => {
  const owner = await createOwner(request, { type: 'exchanger' })
  const verified = await request.patch(`/api/resources/${owner.resource.id}`, {
    headers: { Authorization: `JWT ${await tokenOf(request, 'admin')}` },
    data: { verified: true },
  })
  expect(verified.status(), await verified.text()).toBe(200)
  return owner
}

const feedPanel = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: title }) })
    .getByRole('region', { name: /Rates feed|Выгрузка курсов/ })

test.describe('an exchanger’s rates feed', () => {
  test('should be set by its owner and show as fetched, with the refused item’s reason, in Russian on a phone', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const { account, resource } = await verifiedExchanger(request)
    await signInThroughApi({ page, login: account.login, password: account.password })
    const feed = `${feedBase}/rates-${unique()}.xml`

    await page.goto(`/ru/add-resource?id=${resource.id}`)
    await settled(page)
    await page.getByLabel('Выгрузка курсов (XML или JSON)').fill(feed)
    await page.getByRole('button', { name: 'Сохранить изменения' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Изменения сохранены.' })).toBeVisible()

    await page.goto('/ru/account')
    const panel = feedPanel(page, resource.title)
    await expect(panel).toContainText(feed)
    // The fetcher's cycle and the panel's refresh: the page is asked again until the fetch shows.
    await expect(async () => {
      await page.reload()
      await expect(panel.getByTestId('rate-feed-accepted')).toHaveText('2', { timeout: 2_000 })
    }).toPass({ timeout: 60_000 })
    await expect(panel).toContainText('Работает')
    await expect(panel.getByTestId('rate-feed-refused')).toHaveText('1')
    const refusal = panel.getByRole('row').filter({ hasText: 'NOSUCHCOIN' })
    await expect(refusal).toContainText('3')
    await expect(refusal).toContainText('код валюты, которого сайт не знает')
    await expect(panel).toContainText('HTTP 200')
    // Nothing wider than the phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(overflow).toBeLessThanOrEqual(390)
  })

  test('should refuse a bad address in the form with the reason, in English', async ({
    page,
    request,
  }) => {
    const { account, resource } = await verifiedExchanger(request)
    await signInThroughApi({ page, login: account.login, password: account.password })
    await page.goto(`/en/add-resource?id=${resource.id}`)
    await settled(page)
    const field = page.getByLabel('Rates feed (XML or JSON)')
    await field.fill('ftp://rates.example.com/export.xml')
    await page.getByRole('button', { name: 'Save the changes' }).click()
    await expect(page.getByText('Enter the full address of the rates feed')).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    // Another type has no feed field at all.
    await page.getByLabel('Type', { exact: true }).selectOption('shop')
    await expect(page.getByLabel('Rates feed (XML or JSON)')).toHaveCount(0)
  })

  // One test a language and theme: axe on the whole account page takes seconds each.
  for (const [language, title] of [
    ['ru', 'Рублёвый мост'],
    ['en', 'Ruble Bridge'],
  ] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`should show the demo owner’s feed health without serious accessibility faults, ${language}, ${theme} theme`, async ({
        page,
      }) => {
        await startSignedIn({ page, login: 'owner' })
        await page.emulateMedia({ colorScheme: theme })
        await page.goto(`/${language}/account`)
        await settled(page)
        const panel = feedPanel(page, title)
        await expect(panel).toBeVisible()
        await panel.locator('summary').click()
        await expect(panel.locator('pre').first()).toContainText('<from>BTC</from>')
        expect(await seriousViolations(page)).toEqual([])
      })
    }
  }

  test('should let an admin rename a currency in Russian in the admin', async ({
    page,
    request,
  }) => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`.slice(0, 16)
    const created = await request.post('/api/currencies?locale=ru', {
      headers: { Authorization: `JWT ${await tokenOf(request, 'admin')}` },
      data: { code, name: 'Тестовая валюта', kind: 'payment', unit: 'USD' },
    })
    expect(created.status(), await created.text()).toBe(201)
    const { doc } = (await created.json()) as { doc: { id: number } }

    await startSignedIn({ page, login: 'admin' })
    await adminInLanguage(page, 'ru')
    await page.goto(`/admin/collections/currencies?where[code][equals]=${code}`)
    await settled(page)
    await expect(page.locator('table thead')).toContainText('Код')
    await expect(page.locator('table thead')).toContainText('Название')
    await page.locator('table tbody tr', { hasText: code }).locator('a').first().click()
    await expect(page).toHaveURL(new RegExp(`/admin/collections/currencies/${doc.id}`))
    await settled(page)
    await page.locator('#field-name').fill('Переименованная валюта')
    await page.getByRole('button', { name: 'Сохранить' }).click()
    await expect
      .poll(async () => {
        const answer = await request.get(`/api/currencies/${doc.id}?locale=ru`)
        return ((await answer.json()) as { name: string }).name
      })
      .toBe('Переименованная валюта')
  })
})
