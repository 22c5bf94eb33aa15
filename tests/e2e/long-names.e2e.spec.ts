import { expect } from '@playwright/test'

import { createAccount, signIn, test } from './support'

/**
 * Screens that must hold ordinary people's data at ordinary widths: a display name of 18
 * characters (the journeys' own, `E2E …`) in the signed-in header, and the sessions card of
 * /profile/security in Russian on a phone.
 */
test.describe('long names and long labels', () => {
  test('should keep the signed-in header on one row with a usable search box from 1024 to 1440 px', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    await signIn({ page, account })
    for (const locale of ['ru', 'en'] as const) {
      await page.goto(`/${locale}/profile`)
      for (const width of [1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 800 })
        const header = page.getByRole('banner')
        // The whole signed-in corner: the bell comes with the viewer's answer.
        await expect(
          header.locator('summary', { hasText: /Account menu|Меню аккаунта/ }),
        ).toBeVisible()
        await expect(header.locator('.bell')).toBeVisible()
        const row = await header.locator('.header-row').boundingBox()
        expect(row!.height, `${locale} at ${width}: one row`).toBeLessThanOrEqual(72)
        // The search box shows its whole placeholder ("Найти ресурс…"), not "Найти рес".
        const { room, text } = await header
          .locator('#search-header')
          .evaluate((input: HTMLInputElement) => {
            const style = getComputedStyle(input)
            const context = document.createElement('canvas').getContext('2d')!
            context.font = style.font
            return {
              text: context.measureText(input.placeholder).width,
              room:
                input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
            }
          })
        expect(room, `${locale} at ${width}: the search box`).toBeGreaterThanOrEqual(text)
      }
    }
  })

  test('should give the sessions card’s dates room in Russian at 360 px', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    await page.setViewportSize({ width: 360, height: 800 })
    await signIn({ page, account })
    await page.goto('/ru/profile/security')
    const facts = page.getByTestId('session-list').locator('.session-facts').first()
    await expect(facts).toBeVisible()
    for (const value of await facts.locator('dd').all()) {
      const box = await value.boundingBox()
      expect(box!.width).toBeGreaterThanOrEqual(200)
      // A date on one or two lines, never a syllable per line.
      expect(box!.height).toBeLessThanOrEqual(52)
    }
  })
})
