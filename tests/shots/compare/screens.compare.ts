import { expect } from '@playwright/test'

import { SHOT_VIEWS, settled, signInThroughApi, test } from '../../e2e/support'

import { SCREENS } from './screens'
import { holdStill } from './steady'

/**
 * Each screen of SCREENS in each of SHOT_VIEWS (1366 and 390 px, light and dark), compared with
 * the baseline's picture of it (playwright.compare.config.ts). Every view is compared, even after
 * one differs, so that a run names all that changed.
 */
for (const screen of SCREENS) {
  test(`${screen.area}: ${screen.name}`, async ({ page }) => {
    if (screen.login) await signInThroughApi({ page, login: screen.login })
    const mask = (screen.mask ?? []).map((selector) => page.locator(selector))
    for (const view of SHOT_VIEWS) {
      await page.setViewportSize({ width: view.width, height: view.height })
      await page.emulateMedia({ colorScheme: view.theme, reducedMotion: 'reduce' })
      if (typeof screen.open === 'string') await page.goto(screen.open)
      else await screen.open(page)
      await settled(page)
      await holdStill(page)
      await expect
        .soft(page)
        .toHaveScreenshot([screen.area, `${screen.name}-${view.width}-${view.theme}.png`], {
          fullPage: screen.fullPage ?? true,
          mask,
        })
    }
  })
}
