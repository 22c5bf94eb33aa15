import { spawnSync } from 'node:child_process'

import { expect } from '@playwright/test'

import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '@/seed/users'

import { test } from './support'

/** The current code from an independent RFC 6238 generator (Debian's oathtool). */
const oathtool = (secret: string) =>
  spawnSync('oathtool', ['--totp', '-b', secret], { encoding: 'utf8' }).stdout.trim()

test.describe('two-factor sign-in', () => {
  test('should sign in with an authenticator code after the password', async ({ page }) => {
    await page.goto('/en/signin')
    await page.getByLabel('Login or email').fill('totp-user')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/en\/two-auth$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm sign-in')
    await page.getByLabel('Code from the app').fill(oathtool(DEMO_TOTP_SECRET))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page).toHaveURL(/\/en\/profile$/)
    await expect(page.getByText('Timur')).toBeVisible()
  })

  test('should refuse a wrong authenticator code with the spec sentence', async ({ page }) => {
    await page.goto('/en/signin')
    await page.getByLabel('Login or email').fill('totp-user')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
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
