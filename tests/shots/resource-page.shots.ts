import { shoot, test } from '../e2e/support'

/**
 * A resource's page as a visitor sees it, on the seed's bazaar-one: its addresses with their
 * link checks (the site online, the mirror down since yesterday) and the marks of its signed
 * mirror list (the site signed, the mirror not).
 */
const BAZAAR = '/resources/marketplaces/bazaar-one'

test.describe('the resource page', () => {
  test('the whole page', async ({ page }) => {
    await shoot(page, 'bazaar-one-en', () => page.goto(`/en${BAZAAR}`))
    await shoot(page, 'bazaar-one-ru', () => page.goto(BAZAAR))
  })

  test('the addresses, their checks and marks', async ({ page }) => {
    const addresses = page.locator('.resource-links')
    for (const locale of ['ru', 'en']) {
      await shoot(page, `addresses-${locale}`, () => page.goto(`/${locale}${BAZAAR}`), {
        part: addresses,
      })
    }
  })
})
