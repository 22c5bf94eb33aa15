import { expect } from '@playwright/test'

import { createAccount, newBrowserContext, seriousViolations, settled, test } from './support'

const HOME_TITLE = {
  ru: 'Проверенные ресурсы и честные отзывы',
  en: 'Trusted resources, honest reviews',
}

test.describe('home page', () => {
  for (const [path, lang] of [
    ['/', 'ru'],
    ['/ru', 'ru'],
    ['/en', 'en'],
  ] as const) {
    test(`should answer ${path} in ${lang}`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_TITLE[lang])
    })
  }

  test('should send a first visitor whose browser prefers English to /en', async ({ browser }) => {
    const context = await newBrowserContext(browser, { locale: 'en-US' })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await context.close()
  })

  test('should link every page to its other language and name its canonical URL', async ({
    page,
  }) => {
    // A screen rendered per request, and a directory page rendered once for everyone.
    for (const path of ['/forget', '/resources/shops']) {
      await page.goto(`/en${path}?page=1`)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`/en${path}$`),
      )
      await expect(page.locator('link[rel="alternate"][hreflang="ru-RU"]')).toHaveAttribute(
        'href',
        new RegExp(`localhost:\\d+${path}$`),
      )
    }
  })
})

test.describe('language switch', () => {
  test('should keep the page when switching language', async ({ page }) => {
    await page.goto('/signin')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход')
    await page
      .getByRole('navigation', { name: 'Язык' })
      .getByRole('link', { name: 'English' })
      .click()
    await expect(page).toHaveURL(/\/en\/signin$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Русский' })
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход')
    await expect(page).toHaveURL(/localhost:\d+\/signin$/)
  })

  test('should remember the chosen language for the next visit to /', async ({ page }) => {
    await page.goto('/en/signin')
    await page.goto('/')
    await expect(page).toHaveURL(/\/en$/)
  })
})

test.describe('theme', () => {
  test('should keep the chosen colour scheme after a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await page.getByRole('button', { name: 'Включить тёмную тему' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect(page.getByRole('button', { name: 'Включить светлую тему' })).toBeVisible()
  })

  test('should follow a dark system preference on a first visit', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/en')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })
})

test.describe('access rules', () => {
  test('should send a guest from /profile to /signin and back after signing in', async ({
    page,
  }) => {
    await page.goto('/en/favorites')
    await expect(page).toHaveURL(/\/en\/signin\?next=%2Fen%2Ffavorites$/)
    await page.getByLabel('Login or email').fill('user')
    await page.getByLabel('Password').fill('demo12345')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/en\/favorites$/)
    await expect(page.getByRole('banner').getByTitle('Julia')).toBeVisible()
  })

  test('should send a guest from /profile to /signin', async ({ page }) => {
    await page.goto('/profile')
    await expect(page).toHaveURL(/\/signin\?next=%2Fprofile$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход')
  })

  test('should tell a visitor when the login or password is wrong', async ({ page, request }) => {
    // An account of its own: a wrong password counts towards locking the account out, and the
    // demo accounts are the ones other files sign in with.
    const account = await createAccount(request)
    await page.goto('/en/signin')
    await page.getByLabel('Login or email').fill(account.login)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Wrong username or password.')).toBeVisible()
  })

  test('should keep a signed-in user away from /signin', async ({ page }) => {
    await page.goto('/signin')
    await page.getByLabel('Логин или email').fill('editor@example.com')
    await page.getByLabel('Пароль').fill('demo12345')
    await page.getByRole('button', { name: 'Войти' }).click()
    // Russian, the default, is unprefixed like every other Russian address.
    await expect(page).toHaveURL(/:\d+\/profile$/)
    await page.goto('/en/signin')
    await expect(page).toHaveURL(/\/en\/profile$/)
  })
})

test.describe('not found', () => {
  test('should answer an unknown path with 404 and name the path', async ({ page }) => {
    const response = await page.goto('/en/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    await expect(page.getByText('Page not found: /en/no-such-page')).toBeVisible()
  })

  test('should show the 404 page in the dark scheme the system prefers', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/en/missing-page')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })

  test('should show the 404 page in Russian for an unprefixed path', async ({ page }) => {
    const response = await page.goto('/net-takoy-stranitsy')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена')
    await expect(page.getByText('Страница не найдена: /net-takoy-stranitsy')).toBeVisible()
  })
})

test.describe('accessibility', () => {
  for (const [name, path, theme] of [
    ['home, light', '/', 'light'],
    ['home, dark', '/en', 'dark'],
    ['404, light', '/en/missing', 'light'],
    ['404, dark', '/missing', 'dark'],
    ['sign-in', '/signin', 'light'],
  ] as const) {
    test(`should have no serious axe violation on ${name}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme })
      await page.goto(path)
      // Scanned as its reader sees it: a 404 comes as Next's error shell, with no language, and
      // the browser renders the page into it (vercel/next.js#62228).
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await settled(page)
      expect(await seriousViolations(page)).toEqual([])
    })
  }
})
