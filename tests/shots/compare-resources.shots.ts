import { type Page, expect } from '@playwright/test'

import { shoot, test } from '../e2e/support'

/**
 * The comparison of three resources in both languages, and the "Compare" control on a listing's
 * cards and on a resource page with two resources chosen (the tray at the bottom).
 */
const THREE = '/compare?r=gadget-corner&r=spice-shop&r=swift-exchange'

const choose = async (page: Page, slugs: [string, string][]) => {
  await page.goto('/en')
  await page.evaluate(
    (picked) =>
      window.localStorage.setItem(
        'compare-resources',
        JSON.stringify(picked.map(([slug, title]) => ({ slug, title }))),
      ),
    slugs,
  )
}

test.describe('the comparison', () => {
  for (const [language, prefix] of [
    ['en', '/en'],
    ['ru', ''],
  ] as const) {
    test(`three resources, ${language}`, async ({ page }) => {
      await shoot(page, `compare-three-${language}`, async () => {
        await page.goto(`${prefix}${THREE}`)
        await expect(page.locator('.compare-table')).toBeVisible()
      })
    })
  }

  test('the compare control on cards and on a resource page', async ({ page }) => {
    await choose(page, [
      ['gadget-corner', 'Gadget Corner'],
      ['swift-exchange', 'Swift Exchange'],
    ])
    await shoot(
      page,
      'compare-cards-en',
      async () => {
        await page.goto('/en/resources/shops')
        await expect(page.locator('.compare-tray')).toBeVisible()
      },
      { fullPage: false },
    )
    await shoot(
      page,
      'compare-resource-page-ru',
      async () => {
        await page.goto('/resources/exchangers/swift-exchange')
        await expect(page.locator('.compare-tray')).toBeVisible()
      },
      { fullPage: false },
    )
  })

  test('nothing to compare, en', async ({ page }) => {
    await shoot(page, 'compare-empty-en', () => page.goto('/en/compare'))
  })
})
