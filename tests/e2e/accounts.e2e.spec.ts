import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { expect } from '@playwright/test'

import { oathtoolCode } from '../helpers/secondFactor'

import {
  SAMPLE_PNG,
  codeFrom,
  createAccount,
  fillSignIn,
  logOut,
  mailsTo,
  newAccount,
  newBrowserContext,
  seriousViolations,
  signIn,
  signInThroughApi,
  startSignedIn,
  test,
} from './support'

/** The user's side of PGP sign-in: a real GnuPG with a throw-away home and key. */
const startGnuPg = () => {
  const home = mkdtempSync(join(tmpdir(), 'e2e-gnupg-'))
  chmodSync(home, 0o700)
  const env = { ...process.env, GNUPGHOME: home }
  const gpg = (args: string[], input?: string) => {
    const result = spawnSync(
      'gpg',
      ['--batch', '--pinentry-mode', 'loopback', '--passphrase', '', ...args],
      { env, input, encoding: 'utf8' },
    )
    if (result.status !== 0) throw new Error(`gpg ${args[0]} failed: ${result.stderr}`)
    return result.stdout
  }
  gpg(['--quick-gen-key', 'E2E <e2e@example.com>', 'ed25519', 'sign', 'never'])
  const fingerprint = gpg(['--with-colons', '--list-keys', 'e2e@example.com'])
    .split('\n')
    .find((line) => line.startsWith('fpr:'))
    ?.split(':')[9]
  gpg(['--quick-add-key', fingerprint ?? '', 'cv25519', 'encr', 'never'])
  return {
    publicKey: gpg(['--armor', '--export', 'e2e@example.com']),
    /** The code a challenge holds: the last line of its plain text. */
    codeIn: (message: string) => gpg(['--decrypt'], message).trim().split('\n').at(-1)?.trim(),
    stop: () => {
      spawnSync('gpgconf', ['--kill', 'gpg-agent'], { env })
      rmSync(home, { recursive: true, force: true })
    },
  }
}

test.describe('registration', () => {
  test('should register, confirm the emailed code and land signed in on the profile', async ({
    page,
  }) => {
    const account = newAccount()
    await page.goto('/en/signup')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign up')
    await page.getByLabel('Login', { exact: true }).fill(account.login)
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Display name').fill(account.displayName)
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByLabel('Repeat the password').fill(account.password)
    await page.getByRole('checkbox', { name: /I accept the site rules/ }).check()
    await page.getByRole('button', { name: 'Sign up' }).click()

    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible()
    const [mail] = await mailsTo({ to: account.email })
    await page.getByLabel('Code from the email').fill(codeFrom(mail))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page).toHaveURL(/\/en\/profile$/)
    await expect(page.getByLabel('Display name')).toHaveValue(account.displayName)
    await expect(page.getByRole('banner').getByTitle(account.displayName)).toBeVisible()
  })

  test('should show the server errors beside their fields', async ({ page }) => {
    await page.goto('/en/registration')
    await page.getByLabel('Login', { exact: true }).fill('user')
    await page.getByLabel('Email').fill('user@example.com')
    await page.getByLabel('Display name').fill('Someone new')
    await page.getByLabel('Password', { exact: true }).fill('secret-pass')
    await page.getByLabel('Repeat the password').fill('secret-pass')
    await page.getByRole('checkbox', { name: /I accept the site rules/ }).check()
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'The login has already been taken.' }),
    ).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
      'The email has already been taken.',
    )
  })

  test('should send an unconfirmed account from sign-in to the code step', async ({
    page,
    request,
  }) => {
    const account = newAccount()
    await request.post('/api/register-user', {
      data: {
        login: account.login,
        email: account.email,
        display_name: account.displayName,
        password: account.password,
        password_confirmation: account.password,
        consent: true,
      },
    })
    await page.goto('/signin')
    await page.getByLabel('Логин или email').fill(account.login)
    await page.getByLabel('Пароль').fill(account.password)
    await page.getByRole('button', { name: 'Войти' }).click()
    await expect(page).toHaveURL(/\/signup\?step=verify&user_id=\d+$/)
    const [mail] = await mailsTo({ to: account.email })
    await page.getByLabel('Код из письма').fill(codeFrom(mail))
    await page.getByRole('button', { name: 'Подтвердить' }).click()
    await expect(page).toHaveURL(/localhost:\d+\/profile$/)
    await expect(page.getByRole('banner').getByTitle(account.displayName)).toBeVisible()
  })
})

test.describe('two-factor sign-in set up by the user', () => {
  test('should turn PGP sign-in on and sign in by decrypting the message with GnuPG', async ({
    page,
    request,
  }) => {
    const gnupg = startGnuPg()
    try {
      const account = await createAccount(request)
      await signInThroughApi({ page, login: account.login, password: account.password })
      await page.goto('/en/two-factor-authentication')
      await page.getByLabel('Public PGP key').fill(gnupg.publicKey)
      await page.getByRole('button', { name: 'Get the message' }).click()
      const setupMessage = await page.getByLabel('Encrypted message').inputValue()
      await page.getByLabel('Code from the message').fill(gnupg.codeIn(setupMessage) ?? '')
      await page.getByRole('button', { name: 'Turn on' }).click()
      await expect(page.getByText('On: signing in asks you to decrypt a message')).toBeVisible()

      await logOut(page)
      await fillSignIn({ page, ...account })
      await expect(page).toHaveURL(/\/en\/two-auth$/)
      const message = await page.getByLabel('Encrypted message').inputValue()
      expect(message).toContain('-----BEGIN PGP MESSAGE-----')
      await page.getByLabel('Code from the message').fill(gnupg.codeIn(message) ?? '')
      await page.getByRole('button', { name: 'Confirm' }).click()
      await expect(page).toHaveURL(/\/en\/profile$/)
      await expect(page.getByLabel('Display name')).toHaveValue(account.displayName)
    } finally {
      gnupg.stop()
    }
  })

  test('should turn authenticator sign-in on and sign in with an oathtool code', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    await signInThroughApi({ page, login: account.login, password: account.password })
    await page.goto('/en/two-factor-authentication')
    await page.getByRole('button', { name: 'Set up an app' }).click()
    await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible()
    const secret = (await page.locator('code.secret').textContent()) ?? ''
    await page.getByLabel('Code from the app').fill(oathtoolCode({ secret }))
    await page.getByRole('button', { name: 'Turn on' }).click()
    await expect(page.getByText('On: signing in asks for a code from your')).toBeVisible()

    await logOut(page)
    await fillSignIn({ page, ...account })
    await expect(page).toHaveURL(/\/en\/two-auth$/)
    // A code is good once: the next 30-second window's code is still accepted (clock drift).
    await page.getByLabel('Code from the app').fill(oathtoolCode({ secret, offsetSeconds: 30 }))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page).toHaveURL(/\/en\/profile$/)
  })

  test('should turn the authenticator off again with a current code', async ({ page, request }) => {
    const account = await createAccount(request)
    await signInThroughApi({ page, login: account.login, password: account.password })
    await page.goto('/en/two-factor-authentication')
    await page.getByRole('button', { name: 'Set up an app' }).click()
    const secret = (await page.locator('code.secret').textContent()) ?? ''
    await page.getByLabel('Code from the app').fill(oathtoolCode({ secret }))
    await page.getByRole('button', { name: 'Turn on' }).click()
    await expect(page.getByText('Two-factor authentication is on.')).toBeVisible()
    await page.getByLabel('Code from the app').fill(oathtoolCode({ secret, offsetSeconds: 30 }))
    await page.getByRole('button', { name: 'Turn off' }).click()
    await expect(page.getByText('Two-factor authentication is off.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Set up an app' })).toBeVisible()
  })
})

test.describe('passwords', () => {
  test('should reset the password by the emailed link', async ({ page, request }) => {
    const account = await createAccount(request)
    await page.goto('/en/forget')
    await page.getByLabel('Email').fill(account.email)
    await page.getByRole('button', { name: 'Send the link' }).click()
    await expect(page.getByText('If an account with this email exists')).toBeVisible()

    const mails = await mailsTo({ to: account.email, count: 2 })
    const link = mails.at(-1)?.html.match(/href="([^"]+)"/)?.[1] ?? ''
    await page.goto(new URL(link).pathname)
    await expect(page).toHaveURL(/\/en\/password-reset\/[^/]+$/)
    await page.getByLabel('New password', { exact: true }).fill('second-pass')
    await page.getByLabel('Repeat the new password').fill('second-pass')
    await page.getByRole('button', { name: 'Save the password' }).click()
    await expect(page.getByText('Your password has been changed.')).toBeVisible()

    await signIn({ page, account: { ...account, password: 'second-pass' } })
  })

  test('should refuse a wrong current password, then change it', async ({
    page,
    browser,
    request,
  }) => {
    const account = await createAccount(request)
    await signInThroughApi({ page, login: account.login, password: account.password })
    await page.goto('/en/change-password')
    await page.getByLabel('Current password').fill('not-the-password')
    await page.getByLabel('New password', { exact: true }).fill('second-pass')
    await page.getByLabel('Repeat the new password').fill('second-pass')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByLabel('Current password')).toHaveAccessibleDescription(
      'The current password is incorrect',
    )

    await page.getByLabel('Current password').fill(account.password)
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('Your password has been changed.')).toBeVisible()

    const elsewhere = await newBrowserContext(browser)
    await signIn({
      page: await elsewhere.newPage(),
      account: { ...account, password: 'second-pass' },
    })
    await elsewhere.close()
  })

  test('should keep the session that changed the password', async ({ page, request }) => {
    const account = await createAccount(request)
    await signInThroughApi({ page, login: account.login, password: account.password })
    await page.goto('/en/change-password')
    await page.getByLabel('Current password').fill(account.password)
    await page.getByLabel('New password', { exact: true }).fill('second-pass')
    await page.getByLabel('Repeat the new password').fill('second-pass')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('Your password has been changed.')).toBeVisible()
    await page.reload()
    await expect(page).toHaveURL(/\/en\/change-password$/)
    await logOut(page)
    await signIn({ page, account: { ...account, password: 'second-pass' } })
  })
})

test.describe('sessions', () => {
  test('should send a browser whose session ended elsewhere to sign in again', async ({
    page,
    browser,
    request,
  }) => {
    const account = await createAccount(request)
    const elsewhere = await newBrowserContext(browser)
    const other = await elsewhere.newPage()
    await signInThroughApi({ page: other, login: account.login, password: account.password })
    await signInThroughApi({ page, login: account.login, password: account.password })
    await page.goto('/en/change-password')
    await page.getByLabel('Current password').fill(account.password)
    await page.getByLabel('New password', { exact: true }).fill('second-pass')
    await page.getByLabel('Repeat the new password').fill('second-pass')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('Your password has been changed.')).toBeVisible()

    await other.goto('/en/profile')
    await expect(other).toHaveURL(/\/en\/signin\?next=%2Fen%2Fprofile&ended=1$/)
    await expect(other.getByText('Your session has ended. Please sign in again.')).toBeVisible()
    await elsewhere.close()
  })

  test('should tell a guest sent to sign in from the security settings why', async ({ page }) => {
    await page.goto('/en/two-factor-authentication')
    await expect(page).toHaveURL(/\/en\/signin\?next=%2Fen%2Ftwo-factor-authentication&required=1$/)
    await expect(
      page.getByRole('status').filter({ hasText: 'Sign in to open this page.' }),
    ).toBeVisible()
  })
})

test.describe('profile', () => {
  test('should upload an avatar and show it', async ({ page, request }) => {
    const account = await createAccount(request)
    await startSignedIn({ page, login: account.login, password: account.password })
    await expect(page.getByRole('img', { name: 'Your avatar' })).toHaveCount(0)
    await page.getByLabel('Image file').setInputFiles(SAMPLE_PNG)
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByText('Your avatar is updated.')).toBeVisible()
    const avatar = page.getByRole('img', { name: 'Your avatar' })
    await expect(avatar).toHaveAttribute('src', /\/api\/media\/file\//)
    await expect
      .poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)
    await page.reload()
    await expect(page.getByRole('img', { name: 'Your avatar' })).toBeVisible()
  })

  test('should refuse an avatar over 500 KB before sending it', async ({ page, request }) => {
    const account = await createAccount(request)
    await startSignedIn({ page, login: account.login, password: account.password })
    await page.getByLabel('Image file').setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(600 * 1024),
    })
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByText('File size exceeds the maximum limit.')).toBeVisible()
  })

  test('should save the personal data', async ({ page, request }) => {
    const account = await createAccount(request)
    await startSignedIn({ page, login: account.login, password: account.password })
    await page.getByLabel('Name', { exact: true }).fill('Ivan Petrov')
    await page.getByLabel('Phone').fill('+7 900 000-00-00')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Your changes are saved.')).toBeVisible()
    await page.reload()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ivan Petrov')
    await expect(page.getByLabel('Phone')).toHaveValue('+7 900 000-00-00')
  })

  test('should change the email once the new address confirms it', async ({ page, request }) => {
    const account = await createAccount(request)
    await startSignedIn({ page, login: account.login, password: account.password })
    const newEmail = account.email.replace('@', '.moved@')
    await page.getByLabel('New email').fill(newEmail)
    await page.getByLabel('Current password').fill(account.password)
    await page.getByRole('button', { name: 'Send a code to the new address' }).click()
    await expect(page.getByText(`We sent a code to ${newEmail}`)).toBeVisible()
    const [mail] = await mailsTo({ to: newEmail })
    await page.getByLabel('Code from the email').fill(codeFrom(mail))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByText('Your email is changed. We told your old address.')).toBeVisible()
    await expect(page.getByText(newEmail)).toBeVisible()
    const told = await mailsTo({ to: account.email, count: 2 })
    expect(told.at(-1)?.text).toContain(newEmail)
  })

  test('should lead from the account area to the profile', async ({ page, request }) => {
    const account = await createAccount(request)
    await signInThroughApi({ page, login: account.login, password: account.password })
    await page.goto('/en/account')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My resources')
    await expect(page.getByText('You have no resources yet')).toBeVisible()
    await page
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name: 'Profile' })
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile')
    await expect(page.getByText(account.email)).toBeVisible()
  })
})

test.describe('site settings', () => {
  test('should keep a guest’s theme and language after a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/en/my-settings')
    await page.getByRole('radio', { name: 'Dark' }).check()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect(page.getByText('Your settings are saved.')).toBeVisible()
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')

    await page.getByRole('radio', { name: 'Русский' }).check()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL(/localhost:\d+\/my-settings$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Настройки сайта')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect(page.getByRole('radio', { name: 'Тёмная' })).toBeChecked()
  })

  test('should store the choice on the account when signed in', async ({ page, request }) => {
    const account = await createAccount(request)
    await signInThroughApi({ page, login: account.login, password: account.password })
    await page.goto('/en/my-settings')
    await page.getByRole('radio', { name: 'Dark' }).check()
    await page.getByRole('radio', { name: 'Русский' }).check()
    // Signed in, the page also holds the email settings ("Save email settings").
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page).toHaveURL(/localhost:\d+\/my-settings$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
    const { user } = await page.evaluate(async () => {
      const answer = await fetch('/api/get-user-by-id')
      return (await answer.json()) as { user: { theme: string; locale: string } }
    })
    expect(user).toMatchObject({ theme: 'dark', locale: 'ru' })
  })
})

test.describe('account menu', () => {
  test('should link to the profile, security and settings screens', async ({ page, request }) => {
    const account = await createAccount(request)
    await startSignedIn({ page, login: account.login, password: account.password })
    await page.locator('summary', { hasText: 'Account menu' }).click()
    await page.getByRole('link', { name: 'Security', exact: true }).click()
    await expect(page).toHaveURL(/\/en\/two-factor-authentication$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Security')
    await page.locator('summary', { hasText: 'Account menu' }).click()
    await page.getByRole('link', { name: 'Settings', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site settings')
  })
})

test.describe('accessibility of the account screens', () => {
  // /en/signup in the light theme: accessibility.e2e.spec.ts.
  for (const [path, theme] of [
    ['/signup', 'dark'],
    ['/en/forget', 'dark'],
    ['/password-reset/some-token', 'light'],
    ['/en/two-auth', 'dark'],
    ['/en/my-settings', 'dark'],
  ] as const) {
    test(`should have no serious axe violation on ${path} (${theme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme })
      await page.goto(path)
      expect(await seriousViolations(page)).toEqual([])
    })
  }

  for (const [path, theme] of [
    ['/en/profile', 'dark'],
    ['/profile', 'light'],
    ['/en/two-factor-authentication', 'dark'],
    ['/two-factor-authentication', 'light'],
    ['/en/change-password', 'dark'],
  ] as const) {
    test(`should have no serious axe violation on ${path} when signed in (${theme})`, async ({
      page,
      request,
    }) => {
      const account = await createAccount(request)
      await page.emulateMedia({ colorScheme: theme })
      await signInThroughApi({ page, login: account.login, password: account.password })
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  }
})
