import { type Page, expect } from '@playwright/test'

import { DEMO_PASSWORD } from '@/seed/users'

import { fillSignIn, test } from './support'

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
    await page.waitForLoadState('networkidle')
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    if (width > 360) wide.push(`${route}: ${width} px`)
  }
  return wide
}

test.describe('at 360 px wide', () => {
  test('should fit every public page on the screen', async ({ page }) => {
    expect(await overflowing(page, PUBLIC_ROUTES)).toEqual([])
  })

  test('should fit every signed-in page on the screen', async ({ page }) => {
    await fillSignIn({ page, login: 'owner', password: DEMO_PASSWORD })
    await expect(page).toHaveURL(/\/en\/profile$/)
    expect(await overflowing(page, SIGNED_IN_ROUTES)).toEqual([])
  })
})
