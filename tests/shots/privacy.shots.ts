import { expect } from '@playwright/test'

import { createAccount, createOwner, shoot, signInThroughApi, test } from '../e2e/support'

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

/** "Delete my account": the form with its confirmation, an owner's refusal, and the end. */
test('deleting the account', async ({ page, request }) => {
  const section = page.getByRole('region', { name: /Удалить аккаунт|Delete my account/ })
  const account = await createAccount(request)
  await signInThroughApi({ page, login: account.login, password: account.password })
  for (const language of ['ru', 'en'] as const) {
    await shoot(
      page,
      `delete-confirm-${language}`,
      async () => {
        await page.goto(`/${language}/profile/privacy`)
        await section.getByLabel(/Пароль|Password/).fill(account.password)
        await section.getByRole('button', { name: /Удалить аккаунт|Delete my account/ }).click()
        await expect(page.getByRole('dialog')).toBeVisible()
      },
      { fullPage: false },
    )
    await page.keyboard.press('Escape')
    await shoot(
      page,
      `delete-section-${language}`,
      () => page.goto(`/${language}/profile/privacy`),
      {
        part: section,
      },
    )
  }
  const { account: owner } = await createOwner(request)
  await page.context().clearCookies()
  await signInThroughApi({ page, login: owner.login, password: owner.password })
  await shoot(page, 'delete-owner-en', () => page.goto('/en/profile/privacy'), { part: section })
  await page.context().clearCookies()
  await signInThroughApi({ page, login: account.login, password: account.password })
  await page.goto('/en/profile/privacy')
  await section.getByLabel('Password').fill(account.password)
  await section.getByRole('button', { name: 'Delete my account' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click()
  await expect(page).toHaveURL(/\/signin\?deleted=1$/)
  for (const language of ['ru', 'en'] as const) {
    await shoot(page, `deleted-${language}`, () => page.goto(`/${language}/signin?deleted=1`))
  }
})
