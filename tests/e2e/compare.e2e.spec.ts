import { type Page, expect } from '@playwright/test'

import { compareHref } from '@/lib/compareQuery'

import {
  createAccount,
  createResource,
  postAs,
  seriousViolations,
  settled,
  test,
  tokenOf,
} from './support'

/**
 * A visitor picks resources to compare from a listing's cards and from a resource page, opens
 * the comparison from the tray, reads the figures, removes one; any other spelling of a
 * comparison's address lands on its one canonical address; the page fits a 360 px screen.
 * Seeded resources, only read.
 */
type Seeded = { slug: string; reviewCount: number; ratingAverage: number; title: string }

const seeded = async (page: Page, slug: string): Promise<Seeded> => {
  const answer = await page.request.get(
    `/api/resources?where[slug][equals]=${slug}&depth=0&locale=en`,
  )
  const { docs } = (await answer.json()) as { docs: Seeded[] }
  return docs[0]
}

/** The choice lives in the browser, which the worker's tests share: each starts with none. */
const withNoChoice = async (page: Page) => {
  await page.goto('/en')
  await page.evaluate(() => window.localStorage.removeItem('compare-resources'))
}

const rowOf = (page: Page, label: string) =>
  page.locator('tr', { has: page.getByRole('rowheader', { name: label, exact: true }) })

test.describe('comparison', () => {
  test('should compare resources added from a card and a resource page, and remove one', async ({
    page,
  }) => {
    const [gadget, swift] = await Promise.all([
      seeded(page, 'gadget-corner'),
      seeded(page, 'swift-exchange'),
    ])
    await withNoChoice(page)

    // Gadget Corner's country: the shops other journeys add to this app (none has one) never
    // push it off the listing's first page.
    await page.goto('/en/resources/shops?country=BY')
    await settled(page)
    const fromCard = page.getByRole('button', { name: 'Compare Gadget Corner' })
    await expect(fromCard).toHaveAttribute('aria-pressed', 'false')
    await fromCard.click()
    await expect(fromCard).toHaveAttribute('aria-pressed', 'true')
    const tray = page.getByRole('region', { name: 'Resources to compare' })
    await expect(tray).toContainText('Chosen to compare: 1 of 3')

    await page.goto('/en/resources/exchangers/swift-exchange')
    await settled(page)
    const fromPage = page.getByRole('button', { name: 'Compare', exact: true })
    await fromPage.click()
    await expect(fromPage).toHaveAttribute('aria-pressed', 'true')
    await expect(tray).toContainText('Chosen to compare: 2 of 3')
    await expect(tray.getByRole('listitem')).toHaveText([/Gadget Corner/, /Swift Exchange/])

    await tray.getByRole('link', { name: 'Open comparison' }).click()
    await expect(page).toHaveURL(/\/en\/compare\?r=gadget-corner&r=swift-exchange$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare resources')
    await expect(page.getByRole('columnheader')).toHaveText([/Gadget Corner/, /Swift Exchange/])
    await expect(rowOf(page, 'Reviews').getByRole('cell')).toHaveText([
      new RegExp(`^${gadget.reviewCount}`),
      new RegExp(`^${swift.reviewCount}`),
    ])
    await expect(rowOf(page, 'Score').getByRole('cell').first()).toContainText(
      gadget.ratingAverage.toFixed(1),
    )
    for (const label of ['Grades', 'Owner’s reply rate', 'Median reply time', 'Status history'])
      await expect(rowOf(page, label)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('link', { name: 'Remove Gadget Corner from the comparison' }).click()
    await expect(page).toHaveURL(/\/en\/compare\?r=swift-exchange$/)
    await expect(page.getByRole('columnheader')).toHaveText([/Swift Exchange/])
    await expect(page.getByText('Add one or two more resources')).toBeVisible()

    // The choice in the browser lost it too.
    await page.goto('/en/resources/shops?country=BY')
    await settled(page)
    await expect(page.getByRole('button', { name: 'Compare Gadget Corner' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await expect(tray).toContainText('Chosen to compare: 1 of 3')
  })

  test('should send every other spelling of a comparison to its canonical address', async ({
    page,
    request,
  }) => {
    const asked = await request.get(
      '/en/compare?r=swift-exchange&r=gadget-corner&r=swift-exchange&utm_source=x',
      { maxRedirects: 0 },
    )
    expect(asked.status()).toBe(307)
    expect(asked.headers().location).toMatch(/\/en\/compare\?r=gadget-corner&r=swift-exchange$/)

    // Broken percent-encoding and a fourth resource leave at the proxy…
    await page.goto('/compare?r=spice-shop&r=%ff&r=swift-exchange&r=gadget-corner&r=bazaar-one')
    await expect(page).toHaveURL(/\/compare\?r=gadget-corner&r=spice-shop&r=swift-exchange$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сравнение ресурсов')
    // …a pending resource (Book Nook) and an unknown slug at the page.
    await page.goto('/en/compare?r=book-nook&r=no-such-resource&r=spice-shop')
    await expect(page).toHaveURL(/\/en\/compare\?r=spice-shop$/)
    await expect(page.getByRole('columnheader')).toHaveText([/Spice Shop/])

    // The canonical address is served from the page cache, to everyone alike.
    const first = await request.get('/en/compare?r=gadget-corner&r=spice-shop')
    expect(first.status()).toBe(200)
    const again = await request.get('/en/compare?r=gadget-corner&r=spice-shop')
    expect(again.headers()['x-nextjs-cache']).toMatch(/HIT|STALE/)
    expect(again.headers()['set-cookie'] ?? '').not.toContain('session')
  })

  test('should show a compared resource’s new review and status at the next visits', async ({
    page,
    request,
  }) => {
    const own = await createResource(request)
    const address = `/en${compareHref([own.slug, 'gadget-corner'])}`
    const ownColumn = async (label: string) => {
      const index = (await page.getByRole('columnheader').allTextContents()).findIndex((text) =>
        text.includes(own.title),
      )
      return rowOf(page, label).getByRole('cell').nth(index)
    }
    await page.goto(address)
    await expect(await ownColumn('Reviews')).toHaveText('0')
    await expect(await ownColumn('Status')).toHaveText('No warnings')

    const account = await createAccount(request)
    await postAs(request, await tokenOf(request, account.login, account.password), '/add-reviews', {
      resource_id: own.id,
      grade: 4,
      comment: 'Paid on time, answered within the day.',
    })
    // A new review refreshes the page in the background: a visit or two later it is there.
    await expect
      .poll(async () => {
        await page.goto(address)
        return (await ownColumn('Reviews')).textContent()
      })
      .toMatch(/^1/)

    const marked = await request.patch(`/api/resources/${own.id}`, {
      headers: { Authorization: `JWT ${await tokenOf(request, 'admin')}` },
      data: { publicStatus: 'scam', publicStatusReason: 'Takes the money and ships nothing' },
    })
    expect(marked.status(), await marked.text()).toBe(200)
    // A status change is never served late.
    await page.goto(address)
    await expect(await ownColumn('Status')).toContainText('Scam')
    await expect(await ownColumn('Status history')).toContainText('Scam')
    // A scam is never the best score, however it is graded.
    await expect(await ownColumn('Score')).not.toContainText('Best')
  })

  test('should explain how to add resources when there are none', async ({ page }) => {
    await page.goto('/en/compare')
    await expect(page.getByText('Nothing to compare yet')).toBeVisible()
    await expect(page.getByText('Press “Compare” on a resource’s card or page')).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  })

  test('should fit three resources on a 360 px screen, the table scrolling under its labels', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 })
    await page.goto('/en/compare?r=gadget-corner&r=spice-shop&r=swift-exchange')
    await settled(page)
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(pageWidth).toBeLessThanOrEqual(360)
    const scroller = page.getByRole('region', { name: '3 resources compared' })
    const widths = await scroller.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
    }))
    expect(widths.scroll).toBeGreaterThan(widths.client)
    const label = rowOf(page, 'Reviews').getByRole('rowheader')
    const before = await label.boundingBox()
    await scroller.evaluate((element) => element.scrollBy(400, 0))
    await expect
      .poll(async () => (await label.boundingBox())?.x)
      .toBeCloseTo(before?.x ?? Number.NaN, 0)
    expect(await seriousViolations(page)).toEqual([])
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await seriousViolations(page)).toEqual([])
  })
})
