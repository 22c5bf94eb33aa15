import { expect } from '@playwright/test'

import { startSignedIn, test } from './support'

/**
 * The seed's check history (src/seed/linkChecks.ts): bazaar-one's site is online, its mirror down
 * since yesterday; silk-market is online after an outage twelve days ago (under 100%).
 */
const BAZAAR = '/resources/marketplaces/bazaar-one'
const SILK = '/resources/marketplaces/silk-market'

const addressesOf = (page: import('@playwright/test').Page) => page.locator('.resource-links li')

test.describe('link checks on the resource page', () => {
  test('should tell a visitor which addresses work, in English', async ({ page }) => {
    await page.goto(`/en${BAZAAR}`)
    const [site, mirror] = [addressesOf(page).nth(0), addressesOf(page).nth(1)]
    await expect(site).toContainText('Online')
    await expect(site).toContainText(/checked .*ago/)
    await expect(site).toContainText('Up 100% of the time over 30 days')
    await expect(mirror).toContainText(/Down since .+ UTC/)
    await expect(mirror).toContainText(/Up 9\d(\.\d)?% of the time over 30 days/)
    await page.goto(`/en${SILK}`)
    await expect(addressesOf(page).first()).toContainText('Online')
    await expect(addressesOf(page).first()).toContainText(/Up 99\.\d% of the time/)
  })

  test('should tell it in Russian', async ({ page }) => {
    await page.goto(`/ru${BAZAAR}`)
    await expect(addressesOf(page).nth(0)).toContainText('Онлайн')
    await expect(addressesOf(page).nth(0)).toContainText(/проверен .*назад/)
    await expect(addressesOf(page).nth(1)).toContainText(/Недоступен с .+ UTC/)
    await expect(addressesOf(page).nth(1)).toContainText(/Доступен 9\d(,\d)?% времени за 30 дней/)
  })

  test('should fit a 390 px wide phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    for (const locale of ['ru', 'en']) {
      await page.goto(`/${locale}${BAZAAR}`)
      await expect(addressesOf(page).nth(1).locator('.link-health .badge')).toBeVisible()
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBe(0)
    }
  })

  test('should show the owner a down address on "My resources"', async ({ page }) => {
    await startSignedIn({ page, login: 'owner' })
    await page.goto('/en/account')
    const bazaar = page.locator('.my-resource', { hasText: 'Bazaar One' })
    await expect(bazaar.locator('.down-links')).toContainText(
      /Down\s*https:\/\/mirror\.bazaar-one\.example\.com\s*since .+ UTC/,
    )
    // The owner's other addresses are up: only the mirror is told.
    await expect(page.locator('.down-links li')).toHaveCount(1)
  })
})
