import { expect } from '@playwright/test'

import { createAccount, signIn, test } from './support'

/**
 * /my-settings has two sections, each saved on its own: a change of language reloads the page,
 * and the other section's unsaved choices come back with it, marked unsaved, until saved.
 */
test.describe('site settings', () => {
  test('should keep the mail settings’ unsaved choice across the other section’s change of language', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    await signIn({ page, account })
    await page.goto('/en/my-settings')
    const mails = page.getByRole('region', { name: 'Email notifications' })
    const choice = mails.getByRole('combobox').first()
    const before = await choice.inputValue()
    const values = await choice
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
    const changed = values.find((value) => value !== before)!
    await choice.selectOption(changed)
    await expect(
      mails.getByRole('status').filter({ hasText: 'Changes not saved yet' }),
    ).toBeVisible()

    // The other section: Russian, saved, and the page comes back in it.
    await page.getByRole('radio', { name: 'Русский' }).check()
    await page.getByRole('button', { name: 'Save' }).first().click()
    await expect(page).toHaveURL(/:\d+\/my-settings$/)
    const mailsRu = page.getByRole('region', { name: 'Уведомления по почте' })
    await expect(mailsRu.getByRole('combobox').first()).toHaveValue(changed)
    await expect(
      mailsRu.getByRole('status').filter({ hasText: 'Изменения не сохранены' }),
    ).toBeVisible()

    await mailsRu.getByRole('button', { name: 'Сохранить' }).click()
    await expect(
      mailsRu.getByRole('status').filter({ hasText: 'Изменения не сохранены' }),
    ).toHaveCount(0)
    await page.reload()
    await expect(
      page.getByRole('region', { name: 'Уведомления по почте' }).getByRole('combobox').first(),
    ).toHaveValue(changed)
  })
})
