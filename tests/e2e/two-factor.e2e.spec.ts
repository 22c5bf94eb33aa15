import { type APIRequestContext, expect } from '@playwright/test'

import { oathtoolCode } from '../helpers/secondFactor'

import { createAccount, postAs, test, tokenOf } from './support'

/**
 * A new account with authenticator sign-in on, turned on through the API as the settings page
 * does, and its secret. Not the demo `totp-user` (the seed's own tests sign it in): the server
 * takes each 30-second code once, so two journeys, or a journey and its retry, signing it in
 * within the same half minute would have the second refused, and a wrong code goes into its
 * security log.
 */
const accountWithAuthenticator = async (request: APIRequestContext) => {
  const account = await createAccount(request)
  const token = await tokenOf(request, account.login, account.password)
  const { secret } = (await (
    await request.get('/api/generate-qr-code', { headers: { Authorization: `JWT ${token}` } })
  ).json()) as { secret: string }
  await postAs(request, token, '/verify-otp-settings', {
    code: oathtoolCode({ secret }),
  })
  return { account, secret }
}

test.describe('two-factor sign-in', () => {
  test('should sign in with an authenticator code after the password', async ({
    page,
    request,
  }) => {
    const { account, secret } = await accountWithAuthenticator(request)
    await page.goto('/en/signin')
    await page.getByLabel('Login or email').fill(account.login)
    await page.getByLabel('Password').fill(account.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/en\/two-auth$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm sign-in')
    // A code from an independent RFC 6238 generator (Debian's oathtool). A code is good once, and
    // the current one may have turned the authenticator on: the next 30-second window's code is
    // still accepted (clock drift), and never used yet.
    await page.getByLabel('Code from the app').fill(oathtoolCode({ secret, offsetSeconds: 30 }))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page).toHaveURL(/\/en\/profile$/)
    await expect(page.getByRole('banner').getByTitle(account.displayName)).toBeVisible()
  })

  test('should refuse a wrong authenticator code with the spec sentence', async ({
    page,
    request,
  }) => {
    const { account } = await accountWithAuthenticator(request)
    await page.goto('/en/signin')
    await page.getByLabel('Login or email').fill(account.login)
    await page.getByLabel('Password').fill(account.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByLabel('Code from the app').fill('000000')
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByText('OTP code is incorrect')).toBeVisible()
  })

  test('should say there is nothing to confirm when no sign-in is pending', async ({ page }) => {
    await page.goto('/en/two-auth')
    await expect(page.getByText('There is no sign-in waiting to be confirmed.')).toBeVisible()
  })
})
