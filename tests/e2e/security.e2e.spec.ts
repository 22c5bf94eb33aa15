import type { Page } from '@playwright/test'
import { expect } from '@playwright/test'

import { DEMO_PASSWORD } from '@/seed/users'

import { SAMPLE_PNG, createAccount, settled, startSignedIn, test } from './support'

/**
 * Every Content-Security-Policy violation the page's documents report, from the moment each one
 * starts (an init script runs before the page's own), and those Chromium logs to the console.
 */
const watchPolicy = async (page: Page) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void })
        .reportViolation
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location}`)
    })
  })
  return violations
}

/** Loads a page and waits until Next's own scripts have run. */
const open = async (page: Page, path: string) => {
  const response = await page.goto(path)
  await expect
    .poll(() => page.evaluate(() => 'next' in window), { message: `Next runs on ${path}` })
    .toBe(true)
  // Its lazy parts too: a violation they cause is reported before the check.
  await settled(page)
  return response
}

const policyOf = async (page: Page, path: string) =>
  (await page.goto(path))?.headers()['content-security-policy'] ?? ''

test.describe('content security policy', () => {
  test('should block nothing the public pages load', async ({ page }) => {
    const violations = await watchPolicy(page)
    for (const path of [
      '/',
      '/en',
      '/en/resources/marketplaces?sort=name',
      '/en/resources/marketplaces/bazaar-one',
      '/en/signin',
      '/en/signup',
      '/en/no-such-page',
    ]) {
      await open(page, path)
    }
    expect(violations).toEqual([])
  })

  test('should run the theme boot script and the client router under the policy', async ({
    page,
  }) => {
    const violations = await watchPolicy(page)
    await open(page, '/en')
    // The client router keeps the home page's policy for the pages it shows next.
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/en\/signin$/)
    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click()
    await expect(page).toHaveURL(/\/en\/signup$/)
    await open(page, '/en/signin')
    expect([violations, await page.locator('html').getAttribute('data-theme')]).toEqual([
      [],
      expect.stringMatching(/^(light|dark)$/),
    ])
  })

  test('should block nothing on the account pages of a signed-in user', async ({ page }) => {
    const violations = await watchPolicy(page)
    await startSignedIn({ page, login: 'user' })
    for (const path of [
      '/en/profile',
      '/en/favorites',
      '/en/reviews',
      '/en/two-factor-authentication',
      '/en/add-resource',
    ]) {
      await open(page, path)
    }
    expect(violations).toEqual([])
  })

  test('should block nothing in the admin', async ({ page }) => {
    const violations = await watchPolicy(page)
    await startSignedIn({ page, login: 'admin' })
    for (const path of ['/admin', '/admin/collections/users', '/admin/collections/resources']) {
      await open(page, path)
    }
    // An edit view, reached by the admin's own router: its rich text and JSON editors.
    await page.locator('tbody a').first().click()
    await expect(page).toHaveURL(/\/admin\/collections\/resources\/\d+$/)
    await settled(page)
    expect(violations).toEqual([])
  })

  test('should refuse an injected inline event handler on a cached page', async ({ page }) => {
    const violations = await watchPolicy(page)
    await open(page, '/en')
    await page.evaluate(() =>
      document.body.insertAdjacentHTML(
        'beforeend',
        '<img src="data:," onerror="document.title = \'injected\'">',
      ),
    )
    await expect.poll(() => violations.join('\n')).toContain('script-src-attr')
    await expect(page).not.toHaveTitle('injected')
  })

  test('should refuse an injected inline script on a page rendered per request', async ({
    page,
  }) => {
    const violations = await watchPolicy(page)
    await open(page, '/en/signin')
    // Injected markup: a script the test appended itself would run, DevTools' code is exempt.
    await page.evaluate(() =>
      document.body.insertAdjacentHTML(
        'beforeend',
        '<iframe srcdoc="<script>parent.document.title = `injected`</script>"></iframe>',
      ),
    )
    await expect.poll(() => violations.join('\n')).toContain('script-src')
    await expect(page).not.toHaveTitle('injected')
  })

  test('should give pages rendered per request a nonce and cached pages none', async ({ page }) => {
    const [signin, home, listing] = [
      await policyOf(page, '/en/signin'),
      await policyOf(page, '/en'),
      await policyOf(page, '/en/resources/shops'),
    ]
    expect({
      signin: /script-src [^;]*'nonce-[^']+' 'strict-dynamic'/.test(signin),
      home: /'nonce-/.test(home),
      listing: /'nonce-/.test(listing),
    }).toEqual({ signin: true, home: false, listing: false })
  })
})

test.describe('security headers', () => {
  const expectCommonHeaders = (headers: Record<string, string>) =>
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
    })

  test('should send them on pages, the admin, the API and static files', async ({ request }) => {
    for (const path of [
      '/',
      '/en/signin',
      '/en/resources/shops',
      '/admin',
      '/admin/login',
      '/api/users/me',
      '/favicon.ico',
      '/build-id.json',
    ]) {
      expectCommonHeaders((await request.get(path)).headers())
    }
  })

  test('should serve an uploaded file unsniffed and inert', async ({ page, request }) => {
    await startSignedIn({ page, ...(await createAccount(request)) })
    await page.getByLabel('Image file').setInputFiles(SAMPLE_PNG)
    await page.getByRole('button', { name: 'Upload' }).click()
    const avatar = page.getByRole('img', { name: 'Your avatar' })
    await expect(avatar).toHaveAttribute('src', /\/api\/media\/file\//)
    const file = await request.get((await avatar.getAttribute('src')) ?? '')
    expect(file.status()).toBe(200)
    expectCommonHeaders(file.headers())
    expect(file.headers()['content-security-policy']).toMatch(/^default-src 'none';.*sandbox/)
  })

  test('should not send HSTS over plain http', async ({ request }) => {
    expect((await request.get('/en')).headers()['strict-transport-security']).toBeUndefined()
  })
})

test.describe('sign-in return address', () => {
  for (const character of ['%09', '%0A', '%0D']) {
    test(`should stay on the site when next hides a host behind ${character}`, async ({ page }) => {
      await page.goto(`/en/signin?next=%2F${character}%2Fevil.example%2Fpwn`)
      await page.getByLabel('Login or email').fill('user')
      await page.getByLabel('Password').fill(DEMO_PASSWORD)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/en\/profile$/)
    })
  }

  test('should come back to the page that asked for sign-in', async ({ page }) => {
    await page.goto('/en/favorites')
    await expect(page).toHaveURL(/\/en\/signin\?next=%2Fen%2Ffavorites$/)
    await page.getByLabel('Login or email').fill('user')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/en\/favorites$/)
  })
})
