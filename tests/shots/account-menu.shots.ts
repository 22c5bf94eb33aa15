import { type Page, expect } from '@playwright/test'

import { shoot, startSignedIn, test } from '../e2e/support'

/**
 * The account menu, open, for a plain member, an owner and an admin (grouped under headings): on
 * a wide screen the header's drop-down, on a phone the site menu's account part.
 */
const openMenu = async (page: Page, scrollTo?: string) => {
  await page.goto('/en/profile')
  // The site menu's button is there on narrow screens only (up to 720 px).
  const siteMenu = page.locator('summary.site-menu-button')
  if (!(await siteMenu.isVisible())) {
    await page.locator('summary', { hasText: 'Account menu' }).click()
    await expect(page.locator('.account-menu > ul')).toBeVisible()
    return
  }
  await siteMenu.click()
  const account = page.getByRole('region', { name: 'Account' })
  await expect(account).toBeVisible()
  // The phone's menu is longer than the screen: the part worth seeing is brought into view.
  if (scrollTo) await account.getByRole('list', { name: scrollTo }).scrollIntoViewIfNeeded()
}

test.describe('the account menu', () => {
  for (const [login, scrollTo] of [
    ['user', undefined],
    ['owner', undefined],
    ['admin', 'Moderation'],
  ] as const) {
    test(`${login}’s menu`, async ({ page }) => {
      await startSignedIn({ page, login })
      // The menu opens over the page: the window is what is seen.
      await shoot(page, `menu-${login}`, () => openMenu(page, scrollTo), {
        fullPage: false,
      })
    })
  }
})
