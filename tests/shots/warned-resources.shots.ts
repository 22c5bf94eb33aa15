import { shoot, test } from '../e2e/support'

/**
 * What the seed's warned resources show a visitor: Quick Swap (a scam) with its addresses behind
 * the warning page, the warning page itself, Corner Store (closed), and the exchangers' listing
 * that leaves the scam out of "best rated" and says so.
 */
test.describe('warned resources', () => {
  test('a scam, its warning page, a closed shop and the listing', async ({ page }) => {
    await shoot(page, 'quick-swap-ru', () => page.goto('/resources/exchangers/quick-swap'))
    await shoot(page, 'quick-swap-visit-ru', () =>
      page.goto('/resources/exchangers/quick-swap/visit'),
    )
    await shoot(page, 'quick-swap-visit-en', () =>
      page.goto('/en/resources/exchangers/quick-swap/visit'),
    )
    await shoot(page, 'corner-store-ru', () => page.goto('/resources/shops/corner-store'))
    await shoot(page, 'exchangers-ru', () => page.goto('/resources/exchangers'))
  })
})
