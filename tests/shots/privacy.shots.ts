import { expect } from '@playwright/test'

import { createAccount, shoot, signInThroughApi, test } from '../e2e/support'

/** "My data": before asking, with the archive ready, and once it is downloaded; both languages. */
test('the privacy page', async ({ page, request }) => {
  const account = await createAccount(request)
  await signInThroughApi({ page, login: account.login, password: account.password })
  for (const language of ['ru', 'en'] as const) {
    await shoot(page, `first-${language}`, () => page.goto(`/${language}/profile/privacy`))
  }
  await page.goto('/profile/privacy')
  await page.getByRole('button', { name: 'Запросить мои данные' }).click()
  await expect(page.locator('[data-state="ready"]')).toBeVisible({ timeout: 30_000 })
  for (const language of ['ru', 'en'] as const) {
    await shoot(page, `ready-${language}`, async () => {
      await page.goto(`/${language}/profile/privacy`)
      await expect(page.locator('[data-state="ready"]')).toBeVisible()
    })
  }
})

test('the privacy policy with its retention periods', async ({ page }) => {
  for (const language of ['ru', 'en'] as const) {
    await shoot(page, `policy-${language}`, () => page.goto(`/${language}/informations/privacy`))
  }
})
