import { type Page, expect } from '@playwright/test'

import { DEMO_PASSWORD } from '@/seed/users'

import {
  newBrowserContext,
  seriousViolations,
  settled,
  startSignedIn,
  test,
  unique,
} from './support'

/**
 * An admin marks a resource a scam in the Payload admin, with a reason; a visitor then sees the
 * label on its card in the listing, the banner with the reason on its page, and the label in
 * search; the page with the banner passes axe in both themes.
 */
const REASON = 'Takes the money and ships nothing'

/** A new published shop, made as the admin through Payload's REST API (marked, with `marked`). */
const newShop = async (
  page: Page,
  marked?: { publicStatus: 'scam' | 'closed'; publicStatusReason: string },
) => {
  const signedIn = await page.request.post('/api/login', {
    data: { login: 'admin', password: DEMO_PASSWORD },
  })
  const token = ((await signedIn.json()) as { user: { token: string } }).user.token
  const title = `Trap Shop ${unique()}`
  const created = await page.request.post('/api/resources', {
    headers: { Authorization: `JWT ${token}` },
    data: {
      type: 'shop',
      title,
      links: [{ url: 'https://trap.example.com' }],
      country: 'LI',
      status: 'published',
      ...marked,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number; slug: string } }
  return { ...doc, title }
}

test.describe('public status', () => {
  test('should show a scam an admin marked on its card, page and in search', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000)
    await startSignedIn({ page, login: 'admin' })
    const shop = await newShop(page)

    await page.goto(`/admin/collections/resources/${shop.id}`)
    await settled(page)
    const status = page.locator('#field-publicStatus')
    await expect(status).toContainText('Публичный статус')
    await status.locator('.rs__control').click()
    await page.getByRole('option', { name: 'Мошенники' }).click()
    await page.locator('#field-publicStatusReason').fill(REASON)
    const [saved] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().includes(`/api/resources/${shop.id}`) &&
          response.request().method() === 'PATCH',
      ),
      page.getByRole('button', { name: 'Сохранить' }).click(),
    ])
    expect(saved.status(), await saved.text()).toBe(200)

    const context = await newBrowserContext(browser, { locale: 'en-US' })
    const visitor = await context.newPage()
    // Newest first: the listing's first page holds this shop whatever scams other files marked.
    await visitor.goto('/en/resources/shops?status=scam&sort=newest')
    const card = visitor.locator('.resource-card', { hasText: shop.title })
    await expect(card).toContainText('Scam')

    await card.getByRole('link', { name: shop.title }).click()
    await expect(visitor).toHaveURL(new RegExp(`/en/resources/shops/${shop.slug}$`))
    const banner = visitor.locator('.status-banner')
    await expect(banner).toContainText('Scam')
    await expect(banner).toContainText(REASON)
    await expect(visitor.getByRole('heading', { name: 'Status history' })).toBeVisible()

    for (const theme of ['light', 'dark'] as const) {
      await visitor.emulateMedia({ colorScheme: theme })
      await visitor.reload()
      await settled(visitor)
      expect(await seriousViolations(visitor), theme).toEqual([])
    }

    await visitor.goto(`/en/search?q=${encodeURIComponent(shop.title)}`)
    const result = visitor.locator('.resource-card', { hasText: shop.title })
    await expect(result).toContainText('Scam')
    await context.close()
  })
})

test.describe('what a warned resource offers', () => {
  test('should keep a scam’s website behind a warning page, and leave it out of “best rated” with a way to show it', async ({
    page,
  }) => {
    const shop = await newShop(page, { publicStatus: 'scam', publicStatusReason: REASON })
    // The browser learns what the visitor has to do with the resource only when this lets it.
    let answerRelations = () => {}
    const relationsHeld = new Promise<void>((resolve) => (answerRelations = resolve))
    await page.route('**/api/resource-relations*', async (route) => {
      await relationsHeld
      await route.continue()
    })
    await page.goto(`/en/resources/shops/${shop.slug}`)
    await expect(page.locator('.status-banner')).toContainText(REASON)
    // No button and no plain link to the address: only the step through the warning.
    await expect(page.getByRole('link', { name: /Visit website/ })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'https://trap.example.com' })).toHaveCount(0)
    const visitAnyway = page.getByRole('link', { name: 'Go to the website anyway…' }).first()
    const before = await visitAnyway.boundingBox()
    answerRelations()
    // The favorites button the answer adds moves nothing a visitor may be about to tap.
    await expect(page.getByRole('button', { name: 'Add to favorites' })).toBeVisible()
    expect(await visitAnyway.boundingBox()).toEqual(before)
    await visitAnyway.click()

    await expect(page).toHaveURL(new RegExp(`/en/resources/shops/${shop.slug}/visit$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `“${shop.title}” is marked as a scam`,
    )
    await expect(page.locator('.status-banner')).toContainText(REASON)
    const address = page.getByRole('link', { name: 'https://trap.example.com' })
    await expect(address).toHaveAttribute('target', '_blank')
    await expect(page.getByRole('link', { name: 'Back to the reviews' })).toHaveAttribute(
      'href',
      `/en/resources/shops/${shop.slug}`,
    )
    await settled(page)
    expect(await seriousViolations(page)).toEqual([])

    // "Best rated", the listing's default order, says it leaves scams out and offers them.
    await page.goto('/en/resources/shops?country=LI')
    await expect(page.locator('.resource-card', { hasText: shop.title })).toHaveCount(0)
    const note = page.getByRole('note').filter({ hasText: 'left out of “Best rated”' })
    await note.getByRole('link', { name: /show “Scam”/ }).click()
    await expect(page).toHaveURL(/status=scam/)
    await expect(page.locator('.resource-card', { hasText: shop.title })).toContainText('Scam')
  })

  test('should say a closed resource is closed, and neither invite a visit nor show it online', async ({
    page,
  }) => {
    const shop = await newShop(page, {
      publicStatus: 'closed',
      publicStatusReason: 'The shop closed down',
    })
    await page.goto(`/en/resources/shops/${shop.slug}`)
    await expect(page.locator('.status-banner')).toContainText('Closed')
    // Written through REST in the default language only: the English page says so.
    await expect(page.locator('.status-banner')).toContainText(
      'The shop closed down (the reason is given in Russian only)',
    )
    await expect(page.locator('.status-history')).toContainText(
      '(the reason is given in Russian only)',
    )
    await expect(page.getByRole('link', { name: /Visit website/ })).toHaveCount(0)
    await expect(page.getByText('be the first', { exact: false })).toHaveCount(0)
    await expect(page.getByText('The resource is closed').first()).toBeVisible()
    await expect(page.locator('.link-health')).toHaveCount(0)
    // Its address is still there to read, and a scam's warning page is no page of it.
    await expect(page.getByRole('link', { name: 'https://trap.example.com' })).toBeVisible()
    const visit = await page.request.get(`/en/resources/shops/${shop.slug}/visit`)
    expect(visit.status()).toBe(404)
  })
})
