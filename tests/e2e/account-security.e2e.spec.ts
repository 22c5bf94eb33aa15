import { spawnSync } from 'node:child_process'

import { expect } from '@playwright/test'

import {
  createAccount,
  fillSignIn,
  logOut,
  newBrowserContext,
  seriousViolations,
  signIn,
  signInThroughApi,
  test,
  tokenOf,
} from './support'

/** The current code from an independent RFC 6238 generator (Debian's oathtool). */
const oathtool = (secret: string) =>
  spawnSync('oathtool', ['--totp', '-b', secret], { encoding: 'utf8' }).stdout.trim()

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'

test.describe('account security', () => {
  test('should sign another browser out from /profile/security', async ({
    page,
    browser,
    request,
  }) => {
    const account = await createAccount(request)
    await signInThroughApi({ page, login: account.login, password: account.password })
    const other = await newBrowserContext(browser, { userAgent: FIREFOX })
    const otherPage = await other.newPage()
    await signIn({ page: otherPage, account })

    await page.goto('/en/profile')
    await page.getByRole('link', { name: 'Sessions and security log' }).click()
    await expect(page).toHaveURL(/\/en\/profile\/security$/)
    const sessions = page.getByTestId('session-list').getByRole('listitem')
    // This one, the Firefox one, and the session the emailed code opened at sign-up.
    await expect(sessions).toHaveCount(3)
    await expect(sessions.first()).toContainText('This device')
    const firefox = sessions.filter({ hasText: 'Firefox 128 · Windows 10' })
    await expect(firefox).toHaveCount(1)
    await expect(firefox).not.toContainText('This device')

    await page
      .getByRole('button', { name: 'Sign out the session on Firefox 128 · Windows 10' })
      .click()
    await expect(page.getByText('The session was signed out.')).toBeVisible()
    await expect(sessions).toHaveCount(2)
    await expect(firefox).toHaveCount(0)

    // The other browser is signed out on its next navigation.
    await otherPage.goto('/en/profile')
    await expect(otherPage).toHaveURL(/\/en\/signin\?/)
    await other.close()

    await page.reload()
    const log = page.getByTestId('security-log')
    await expect(log).toContainText('Other sessions signed out')
    await expect(log).toContainText('Signed in from a new browser')
    await expect(log.getByRole('listitem').first()).toContainText('Other sessions signed out')
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`should have no serious axe violation on /profile/security, ${theme}`, async ({
      page,
      browser,
      request,
    }) => {
      const account = await createAccount(request)
      const { login, password } = account
      const other = await newBrowserContext(browser, { userAgent: FIREFOX })
      await signInThroughApi({ page: await other.newPage(), login, password })
      await other.close()
      await page.emulateMedia({ colorScheme: theme })
      await signInThroughApi({ page, login, password })
      await page.goto('/en/profile/security')
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      // This one, the Firefox one, and the session the emailed code opened at sign-up.
      await expect(page.getByTestId('session-list').getByRole('listitem')).toHaveCount(3)
      await expect(page.getByTestId('security-log')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  }

  test('should sign in with a backup code once, and log it', async ({ page, request }) => {
    const account = await createAccount(request)
    await signInThroughApi({ page, login: account.login, password: account.password })
    // The authenticator turned on through the API, as the settings page does.
    const token = await tokenOf(request, account.login, account.password)
    const auth = { Authorization: `JWT ${token}` }
    const { secret } = (await (
      await request.get('/api/generate-qr-code', { headers: auth })
    ).json()) as { secret: string }
    const enabled = await request.post('/api/verify-otp-settings', {
      headers: auth,
      data: { code: oathtool(secret) },
    })
    expect(enabled.status()).toBe(200)

    await page.goto('/en/profile/security')
    await page.getByRole('button', { name: 'Make backup codes' }).click()
    await page.getByLabel('Your current password').fill(account.password)
    await page.getByRole('button', { name: 'Show my codes' }).click()
    const shown = page.getByTestId('backup-codes').getByRole('listitem')
    await expect(shown).toHaveCount(10)
    const codes = await shown.allTextContents()
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'I have saved them' }).click()
    await expect(page.getByTestId('backup-codes-left')).toHaveText('10 unused backup codes left.')
    await logOut(page)

    const withBackupCode = async (code: string) => {
      await fillSignIn({ page, login: account.login, password: account.password })
      await expect(page).toHaveURL(/\/en\/two-auth$/)
      await page.getByRole('button', { name: 'Use a backup code' }).click()
      await page.getByLabel('Backup code').fill(code)
      await page.getByRole('button', { name: 'Confirm' }).click()
    }

    await withBackupCode(codes[0])
    await expect(page).toHaveURL(/\/en\/profile$/)
    await logOut(page)

    await withBackupCode(codes[0])
    await expect(page.getByText('OTP code is incorrect')).toBeVisible()
    await expect(page).toHaveURL(/\/en\/two-auth$/)
    await page.getByLabel('Backup code').fill(codes[1])
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page).toHaveURL(/\/en\/profile$/)

    await page.goto('/en/profile/security')
    await expect(page.getByTestId('backup-codes-left')).toHaveText('8 unused backup codes left.')
    const log = page.getByTestId('security-log')
    await expect(log).toContainText('Signed in with a backup code')
    await expect(log).toContainText('Failed sign-in: wrong second factor')
    await expect(log).toContainText('Backup codes made')
    await expect(log).toContainText('Second factor turned on')
  })
})
