import { expect } from '@playwright/test'

import { shoot, signInThroughApi, test } from '../e2e/support'

/**
 * The moderators' screens as the seed's admin sees them: the dashboard of what waits, each queue
 * (with the seed's reports, held reviews, resources, contacts and verification requests), and the
 * queues' counts on the admin panel's dashboard.
 */
const SCREENS = [
  ['dashboard', '/en/moderation'],
  ['reports', '/moderation/reports'],
  ['held-reviews', '/moderation/reviews'],
  ['resources', '/en/moderation/resources'],
  ['contacts', '/moderation/contacts'],
  ['verification', '/en/resource-check'],
] as const

test.describe('moderation', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi({ page, login: 'admin' })
  })

  test('the dashboard and each queue', async ({ page }) => {
    for (const [name, path] of SCREENS) {
      await shoot(page, name, async () => {
        await page.goto(path)
        await expect(page.locator('main h1')).toBeVisible()
      })
    }
  })

  test('the admin panel’s dashboard', async ({ page }) => {
    await shoot(
      page,
      'admin-panel',
      async () => {
        await page.goto('/admin')
        await expect(page.locator('.moderation-queues [data-queue="reports"]')).toBeVisible()
        // The panel scrolls inside its own frame: the window is what is seen.
      },
      { fullPage: false },
    )
  })
})
