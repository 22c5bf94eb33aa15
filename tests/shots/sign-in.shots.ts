import { expect } from '@playwright/test'

import {
  createAccount,
  fillSignIn,
  newAccount,
  shoot,
  signInThroughApi,
  test,
  tokenOf,
} from '../e2e/support'

/**
 * Signing up and in: the Russian sign-up form filled in with the consent given, the English one
 * as it opens, and the sign-in page of an account blocked on the site, with the one message that
 * says why and how to appeal.
 */
test.describe('signing up and in', () => {
  test('the sign-up form', async ({ page }) => {
    const account = newAccount()
    await shoot(page, 'sign-up-ru-filled', async () => {
      await page.goto('/signup')
      await page.getByLabel('Логин', { exact: true }).fill(account.login)
      await page.getByLabel('Email').fill(account.email)
      await page.getByLabel('Отображаемое имя').fill(account.displayName)
      await page.getByLabel('Пароль', { exact: true }).fill(account.password)
      await page.getByLabel('Повторите пароль').fill(account.password)
      await page.getByRole('checkbox', { name: /Я принимаю правила сайта/ }).check()
    })
    await shoot(page, 'sign-up-en', () => page.goto('/en/signup'))
  })

  test('a blocked account’s sign-in', async ({ page, request }) => {
    const account = await createAccount(request)
    const { user_id: userId } = await signInThroughApi({
      page,
      login: account.login,
      password: account.password,
    })
    // Blocked on the site as the admin blocks, through the site's call.
    const blocked = await request.post('/api/block-user', {
      headers: { Authorization: `JWT ${await tokenOf(request, 'admin')}` },
      form: {
        user_id: String(userId),
        scope: 'site',
        blocked: 'true',
        reason: 'Advertising reviews of other shops.',
      },
    })
    expect(blocked.status(), await blocked.text()).toBe(200)
    // The ended session's cookie goes, as the tab signed out by the block drops it.
    await page.context().clearCookies()
    await shoot(page, 'sign-in-blocked', async () => {
      await fillSignIn({ page, login: account.login, password: account.password })
      await expect(page.getByRole('alert').filter({ hasText: 'You are blocked.' })).toBeVisible()
    })
  })
})
