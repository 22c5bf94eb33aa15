import { type Page, expect } from '@playwright/test'

import {
  cacheAfresh,
  cacheStateOf,
  createAccount,
  createResource,
  postAs,
  seriousViolations,
  settled,
  test,
  tokenOf,
} from './support'

/**
 * The listing's filters apply as they change, at addresses without empty parameters; on phones
 * they open in a dialog. Resource cards and pages: logos, the Open Graph image, the icons.
 * The seed has three marketplaces, one of them in Russia and one verified; no journey publishes a
 * marketplace, so the counts below hold whichever files ran before on this server.
 */
const LISTING = '/en/resources/marketplaces'

/** The page once its scripts run: a change made before that would go unheard. */
const open = async (page: Page, path: string) => {
  await page.goto(path)
  await settled(page)
}

test.describe('listing filters', () => {
  test('should apply a country at once, at an address without empty parameters', async ({
    page,
  }) => {
    await open(page, LISTING)
    await expect(page.getByText('3 resources found')).toBeVisible()
    await page.getByLabel('Country').selectOption({ label: 'Russia' })
    await expect(page).toHaveURL(/\/en\/resources\/marketplaces\?country=RU$/)
    await expect(page.getByText('1 resource found')).toBeVisible()
    await expect(page.getByLabel('Country')).toBeFocused()
  })

  test('should go back to the clean address when a filter is cleared', async ({ page }) => {
    await open(page, `${LISTING}?country=RU&sort=name`)
    await page.getByLabel('Country').selectOption({ label: 'Any country' })
    await expect(page).toHaveURL(/\/en\/resources\/marketplaces\?sort=name$/)
    await expect(page.getByText('3 resources found')).toBeVisible()
  })

  test('should keep the scroll position when a filter applies', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 420 })
    await open(page, LISTING)
    await page.evaluate(() => window.scrollTo(0, 120))
    await page.getByLabel('Verified only').check()
    await expect(page).toHaveURL(/\?verified=1$/)
    await expect(page.getByText('1 resource found')).toBeVisible()
    expect(await page.evaluate(() => window.scrollY)).toBe(120)
  })

  test('should show no “Show” button when changes apply by themselves', async ({ page }) => {
    await open(page, LISTING)
    await expect(page.getByRole('button', { name: 'Show', exact: true })).toHaveCount(0)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('should send the form to the clean address', async ({ page }) => {
      await page.goto(LISTING)
      await page.getByLabel('Country').selectOption({ label: 'Russia' })
      await page.getByRole('button', { name: 'Show', exact: true }).click()
      await expect(page).toHaveURL(/\/en\/resources\/marketplaces\?country=RU$/)
      await expect(page.getByText('1 resource found')).toBeVisible()
    })
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } })

    test('should open the filters in a dialog from a “Filters” button', async ({ page }) => {
      await open(page, LISTING)
      await expect(page.getByLabel('Country')).toBeHidden()
      const opener = page.getByRole('button', { name: 'Filters' })
      await opener.click()
      const dialog = page.getByRole('dialog', { name: 'Filters' })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByLabel('Country')).toBeFocused()

      await dialog.getByLabel('Country').selectOption({ label: 'Russia' })
      await expect(page).toHaveURL(/\?country=RU$/)
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Show 1 resource' })).toBeVisible()

      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(page.getByRole('button', { name: 'Filters 1 active' })).toBeFocused()
      await expect(page.getByText('1 resource found')).toBeVisible()
    })

    test('should have no serious axe violation with the filters open', async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' })
      await open(page, LISTING)
      await page.getByRole('button', { name: 'Filters' }).click()
      await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    test('should close the filters with their button and from outside', async ({ page }) => {
      await open(page, LISTING)
      const opener = page.getByRole('button', { name: 'Filters' })
      const dialog = page.getByRole('dialog', { name: 'Filters' })
      await opener.click()
      await dialog.getByRole('button', { name: 'Show 3 resources' }).click()
      await expect(dialog).toBeHidden()
      await expect(opener).toBeFocused()
      await opener.click()
      await page.mouse.click(195, 40)
      await expect(dialog).toBeHidden()
    })
  })
})

test.describe('resource cards', () => {
  test('should show a monogram for a resource without an image', async ({ page }) => {
    await page.goto(`${LISTING}?sort=name`)
    const card = page.getByRole('listitem').filter({ hasText: 'Bazaar One' })
    await expect(card.locator('.resource-logo')).toHaveText('BO')
  })
})

test.describe('a resource page’s Open Graph image', () => {
  test('should point og:image at a PNG of its own', async ({ page, request }) => {
    await page.goto(`${LISTING}/bazaar-one`)
    const url = await page.locator('meta[property="og:image"]').getAttribute('content')
    expect(url).toMatch(/^http:\/\/localhost:\d+\/en\/og\/resources\/marketplaces\/bazaar-one$/)
    const image = await request.get(url ?? '')
    expect([image.status(), image.headers()['content-type']]).toEqual([200, 'image/png'])
  })

  test('should draw one for an unrated resource in Russian', async ({ page, request }) => {
    await page.goto('/resources/marketplaces/silk-market')
    const url = await page.locator('meta[property="og:image"]').getAttribute('content')
    expect(url).toMatch(/\/og\/resources\/marketplaces\/silk-market$/)
    const image = await request.get(url ?? '')
    expect([image.status(), image.headers()['content-type']]).toEqual([200, 'image/png'])
  })

  test('should answer 404 for no resource', async ({ request }) => {
    expect((await request.get('/en/og/resources/marketplaces/no-such-thing')).status()).toBe(404)
    expect((await request.get('/en/og/resources/shops/bazaar-one')).status()).toBe(404)
  })

  test('should be drawn anew when the resource gets a review', async ({ request }) => {
    // A forum of the test's own, its image first drawn and cached here: only the review can
    // expire it while the test runs, not another file's review or the image's 60 s.
    const forum = await createResource(request, { type: 'forum' })
    const account = await createAccount(request)
    const token = await tokenOf(request, account.login, account.password)
    const path = forum.path.replace(/^\/en\//, '/en/og/')
    await cacheAfresh(request, path)
    const before = await (await request.get(path)).body()

    await postAs(request, token, '/add-reviews', {
      resource_id: forum.id,
      grade: 4,
      comment: 'Friendly people and quick answers.',
    })

    // Served once more as it was while it is drawn again in the background, then drawn anew.
    expect(await cacheStateOf(request, path)).toBe('STALE')
    await expect
      .poll(async () => (await (await request.get(path)).body()).equals(before))
      .toBe(false)
  })
})

test.describe('icons', () => {
  for (const path of [
    '/',
    '/en/resources/shops',
    '/en/resources/shops/spice-shop',
    '/en/signin',
    '/en/no-such-page',
  ]) {
    test(`should serve every icon and the manifest that ${path} names`, async ({
      page,
      request,
    }) => {
      await page.goto(path)
      const hrefs = await page
        .locator('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')
        .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href))
      expect(hrefs.length).toBeGreaterThanOrEqual(4)
      const statuses = await Promise.all(
        hrefs.map(async (href) => (await request.get(href)).status()),
      )
      expect(statuses.every((status) => status === 200)).toBe(true)
    })
  }
})
