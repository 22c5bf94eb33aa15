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

/** A new published shop, made as the admin through Payload's REST API. */
const newShop = async (page: Page) => {
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
      status: 'published',
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
