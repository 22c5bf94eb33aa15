import { expect } from '@playwright/test'

import { seriousViolations, settled, signInThroughApi, test } from './support'

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
  '/en/compare?r=bazaar-one&r=coin-harbor&r=spice-shop',
  '/compare',
  '/en/signin',
  '/en/signup',
  '/en/reviewers/user',
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
  '/en/my-settings',
]

// A test per screen and theme: each a few seconds, each naming its screen when it fails.
for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme })
    })

    for (const screen of PUBLIC_SCREENS) {
      test(`should have no serious violation on ${screen}`, async ({ page }) => {
        await page.goto(screen)
        await settled(page)
        expect(await seriousViolations(page)).toEqual([])
      })
    }

    for (const screen of SIGNED_IN_SCREENS) {
      test(`should have no serious violation on ${screen}, signed in`, async ({ page }) => {
        await signInThroughApi({ page, login: 'owner' })
        await page.goto(screen)
        await settled(page)
        expect(await seriousViolations(page)).toEqual([])
      })
    }
  })
}
