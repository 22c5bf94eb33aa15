import { type Page, expect } from '@playwright/test'

import { seriousViolations, settled, startSignedIn, test } from './support'

/**
 * axe finds no serious or critical violation, colour contrast included, on the main screens in
 * both themes. Screens that need a session are visited as the demo owner, who reaches them all.
 */
const PUBLIC_SCREENS = [
  '/ru',
  '/en/resources/marketplaces',
  '/en/resources/marketplaces/bazaar-one',
  '/en/resources/exchangers/coin-harbor?sort=lowest',
  '/en/search?q=bazaar',
  '/en/signin',
  '/en/signup',
  // The design system's page, in both themes and with its dialog open: design-system.e2e.spec.ts.
]

const SIGNED_IN_SCREENS = [
  '/en/profile',
  '/en/add-resource',
  '/en/reviews',
  '/en/favorites',
  '/en/account',
  '/en/account/reviews',
  '/en/resources/forums/garden-talk',
]

/** Each screen's serious violations, by screen, for the screens that have any. */
const violationsOn = async (page: Page, screens: string[]) => {
  const found: Record<string, string[]> = {}
  for (const screen of screens) {
    await page.goto(screen)
    await settled(page)
    const violations = await seriousViolations(page)
    if (violations.length) found[screen] = violations
  }
  return found
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme })
    })

    test('should have no serious violation on the public screens', async ({ page }) => {
      test.setTimeout(90_000)
      expect(await violationsOn(page, PUBLIC_SCREENS)).toEqual({})
    })

    test('should have no serious violation on the signed-in screens', async ({ page }) => {
      test.setTimeout(90_000)
      await startSignedIn({ page, login: 'owner' })
      expect(await violationsOn(page, SIGNED_IN_SCREENS)).toEqual({})
    })
  })
}
