import { type Locator, type Page, expect } from '@playwright/test'

import { newBrowserContext, seriousViolations, settled, startSignedIn, test } from './support'

/**
 * Every page fits a 360 px phone screen: nothing pushes it sideways. Pages that need a session
 * are visited as the demo owner, who reaches them all.
 */
test.use({ viewport: { width: 360, height: 780 } })

const PUBLIC_ROUTES = [
  '/ru',
  '/en',
  '/en/resources/marketplaces',
  '/en/resources/marketplaces/bazaar-one',
  '/en/resources/marketplaces/silk-market',
  '/en/search?q=bazaar',
  '/en/compare?r=bazaar-one&r=coin-harbor&r=spice-shop',
  '/en/signin',
  '/en/signup',
  '/en/forget',
  '/en/no-such-page',
]

const SIGNED_IN_ROUTES = [
  '/en/profile',
  '/en/add-resource',
  '/en/favorites',
  '/en/reviews',
  '/en/account',
  '/en/account/reviews',
  '/en/change-password',
  '/en/my-settings',
  '/en/two-factor-authentication',
]

/** How far past the screen's width the page reaches, for each route that does. */
const overflowing = async (page: Page, routes: string[]) => {
  const wide: string[] = []
  for (const route of routes) {
    await page.goto(route)
    await settled(page)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    if (width > 360) wide.push(`${route}: ${width} px`)
  }
  return wide
}

test.describe('at 360 px wide', () => {
  // One visit per route, each waiting for the network to settle: longer than one journey.
  test.describe.configure({ timeout: 90_000 })

  test('should fit every public page on the screen', async ({ page }) => {
    expect(await overflowing(page, PUBLIC_ROUTES)).toEqual([])
  })

  test('should fit every signed-in page on the screen', async ({ page }) => {
    await startSignedIn({ page, login: 'owner' })
    expect(await overflowing(page, SIGNED_IN_ROUTES)).toEqual([])
  })
})

/** The header on a common phone: one row, and a menu that holds the rest. */
test.describe('the header at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  /** The menu's button: a <summary>, which opens it before the page's scripts have run too. */
  const menuButton = (page: Page): Locator =>
    page.getByRole('banner').locator('summary', { hasText: /^Menu$/ })
  const menu = (page: Page) => page.locator('#site-menu-panel')

  const openHome = async (page: Page) => {
    await page.goto('/en')
    await settled(page)
  }

  test('should be one row no taller than 64 px', async ({ page }) => {
    await openHome(page)
    const banner = page.getByRole('banner')
    const header = await banner.boundingBox()
    expect(header?.height).toBeLessThanOrEqual(64)
    const controls = [
      banner.getByRole('link', { name: 'Obzor' }),
      banner.getByRole('button', { name: 'Search the directory' }),
      banner.getByRole('link', { name: 'Sign in' }),
      menuButton(page),
    ]
    for (const control of controls) {
      const box = await control.boundingBox()
      expect(box && box.y + box.height).toBeLessThanOrEqual(64)
    }
  })

  test('should open the menu, close it on Escape and give focus back to its button', async ({
    page,
  }) => {
    await openHome(page)
    const button = menuButton(page)
    await expect(button).toHaveAttribute('aria-controls', 'site-menu-panel')
    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await expect(menu(page).getByRole('navigation', { name: 'Resource types' })).toBeVisible()
    await expect(menu(page).getByRole('navigation', { name: 'Language' })).toBeVisible()
    await expect(menu(page).getByRole('button', { name: 'Dark theme' })).toBeVisible()
    await expect(menu(page).getByRole('link', { name: 'Sign up' })).toBeVisible()
    await menu(page).getByRole('link', { name: 'Shops' }).focus()
    await page.keyboard.press('Escape')
    await expect(menu(page)).toBeHidden()
    await expect(button).toBeFocused()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  test('should follow a type link from the menu, and close it', async ({ page }) => {
    await openHome(page)
    await menuButton(page).click()
    await menu(page).getByRole('link', { name: 'Forums' }).click()
    await expect(page).toHaveURL(/\/en\/resources\/forums$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forums')
    await expect(menu(page)).toBeHidden()
  })

  test('should close the menu on a click outside it', async ({ page }) => {
    await openHome(page)
    await menuButton(page).click()
    await expect(menu(page)).toBeVisible()
    await page.mouse.click(20, 500)
    await expect(menu(page)).toBeHidden()
  })

  test('should open the menu without JavaScript', async ({ browser }) => {
    const context = await newBrowserContext(browser, {
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    })
    const page = await context.newPage()
    await page.goto('/en')
    await menuButton(page).click()
    await menu(page).getByRole('link', { name: 'Exchangers' }).click()
    await expect(page).toHaveURL(/\/en\/resources\/exchangers$/)
    await context.close()
  })

  test('should keep the menu a tap opened before the scripts ran', async ({ page }) => {
    let runScripts = () => {}
    const scriptsHeld = new Promise<void>((resolve) => (runScripts = resolve))
    await page.route(/\/_next\/static\/.+\.js$/, async (route) => {
      await scriptsHeld
      await route.continue()
    })
    await page.goto('/en', { waitUntil: 'commit' })
    const button = menuButton(page)
    await button.click()
    await expect(menu(page)).toBeVisible()
    await expect(button).not.toHaveAttribute('aria-expanded')
    runScripts()
    // The script has taken the menu over once its button tells its state.
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await expect(menu(page).getByRole('link', { name: 'Sign up' })).toBeVisible()
  })

  test('should open the search from its button and search', async ({ page }) => {
    await openHome(page)
    const banner = page.getByRole('banner')
    await banner.getByRole('button', { name: 'Search the directory' }).click()
    const box = banner.getByLabel('Search the directory', { exact: true })
    await expect(box).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(box).toBeHidden()
    await banner.getByRole('button', { name: 'Search the directory' }).click()
    await box.fill('Bazar')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/en\/search\?q=Bazar$/)
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`should have no serious axe violation with the menu open (${theme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme })
      await openHome(page)
      await menuButton(page).click()
      await expect(menu(page)).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  }

  test('should show the account’s links in the menu when signed in', async ({ page }) => {
    await startSignedIn({ page, login: 'owner' })
    await settled(page)
    await menuButton(page).click()
    await menu(page).getByRole('link', { name: 'Favorites' }).click()
    await expect(page).toHaveURL(/\/en\/favorites$/)
  })
})
