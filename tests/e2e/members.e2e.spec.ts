import { type Page, expect } from '@playwright/test'

import { PRIVACY_PATH, RULES_PATH } from '@/lib/consent'
import { DEMO_PASSWORD } from '@/seed/users'

import { codeFrom, mailsTo, newAccount, startSignedIn, test } from './support'

/**
 * Members and owners (issue 28): signing up ends signed in, the account menu holds what the role
 * has, and the site's navigation reaches the articles and the privacy policy.
 */

const PHONE = { width: 390, height: 844 }
const WIDE = { width: 1366, height: 900 }

const OWNER_SECTIONS = ['My resources', 'Reviews on my resources', 'Employees', 'Resource checks']
const STAFF_ENTRIES = ['Users', 'Admin panel', 'Moderation dashboard', 'Verification requests']

const openAccountMenu = async (page: Page) => {
  await page.locator('summary', { hasText: 'Account menu' }).click()
  return page.locator('.account-menu > ul')
}

test.describe('signing up', () => {
  test('a new member signs up in Russian, enters the emailed code and is signed in on /profile', async ({
    page,
  }) => {
    const account = newAccount()
    await page.setViewportSize(WIDE)
    await page.goto('/signup')
    await page.getByLabel('Логин', { exact: true }).fill(account.login)
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Отображаемое имя').fill(account.displayName)
    await page.getByLabel('Пароль', { exact: true }).fill(account.password)
    await page.getByLabel('Повторите пароль').fill(account.password)
    const consent = page.getByRole('checkbox', { name: /Я принимаю правила сайта/ })
    await expect(consent).not.toBeChecked()
    await consent.check()
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click()

    await expect(page.getByRole('heading', { name: 'Подтверждение email' })).toBeVisible()
    const [mail] = await mailsTo({ to: account.email })
    await page.getByLabel('Код из письма').fill(codeFrom(mail))
    await page.getByRole('button', { name: 'Подтвердить' }).click()

    await expect(page).toHaveURL(/localhost:\d+\/profile$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Профиль')
    await expect(page.getByRole('banner').getByTitle(account.displayName)).toBeVisible()
  })

  test('the consent links open the rules and the privacy policy', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto('/en/signup')
    const label = page.locator('.consent-field')
    await expect(label.getByRole('link', { name: 'site rules' })).toHaveAttribute(
      'href',
      `/en${RULES_PATH}`,
    )
    await expect(label.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      `/en${PRIVACY_PATH}`,
    )
  })

  test('the browser holds a sign-up without consent back, and the server refuses it', async ({
    page,
  }) => {
    const account = newAccount()
    await page.goto('/en/signup')
    await page.getByLabel('Login', { exact: true }).fill(account.login)
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Display name').fill(account.displayName)
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByLabel('Repeat the password').fill(account.password)
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toHaveCount(0)
    const answer = await page.request.post('/api/register-user', {
      headers: { 'Accept-Language': 'en' },
      data: {
        login: account.login,
        email: account.email,
        display_name: account.displayName,
        password: account.password,
        password_confirmation: account.password,
      },
    })
    expect([answer.status(), (await answer.json()).errors.consent]).toEqual([
      422,
      ['To sign up, accept the site rules and the privacy policy.'],
    ])
  })
})

test.describe('signing in', () => {
  test('Russian sign-in lands on /profile, without a prefix', async ({ page }) => {
    await page.goto('/signin')
    await page.getByLabel('Логин или email').fill('user')
    await page.getByLabel('Пароль').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Войти' }).click()
    await expect(page).toHaveURL(/localhost:\d+\/profile$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Профиль')
  })

  test('English sign-in lands on /en/profile', async ({ page }) => {
    await page.goto('/en/signin')
    await page.getByLabel('Login or email').fill('user')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/en\/profile$/)
  })
})

test.describe('the account menu', () => {
  test('a plain member’s menu lacks every owner’s and staff section', async ({ page }) => {
    await page.setViewportSize(WIDE)
    await startSignedIn({ page, login: 'user' })
    const menu = await openAccountMenu(page)
    for (const name of ['Profile', 'Add a resource', 'Favorites', 'My reviews', 'Security']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
    }
    for (const name of [...OWNER_SECTIONS, ...STAFF_ENTRIES]) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveCount(0)
    }
    await expect(menu.locator('.account-menu-heading')).toHaveCount(0)
  })

  test('an owner’s menu holds their resources, but no staff tools', async ({ page }) => {
    await startSignedIn({ page, login: 'owner' })
    const menu = await openAccountMenu(page)
    for (const name of OWNER_SECTIONS) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
    }
    for (const name of STAFF_ENTRIES) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveCount(0)
    }
  })

  test('an operator’s menu holds the employer’s resources, but no employees', async ({ page }) => {
    await startSignedIn({ page, login: 'store-operator' })
    const menu = await openAccountMenu(page)
    await expect(menu.getByRole('link', { name: 'My resources', exact: true })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Employees', exact: true })).toHaveCount(0)
    await expect(menu.getByRole('link', { name: 'Add a resource', exact: true })).toHaveCount(0)
  })

  test('an admin’s menu is grouped under headings, with moderation and the admin panel', async ({
    page,
  }) => {
    await page.setViewportSize(WIDE)
    await startSignedIn({ page, login: 'admin' })
    const menu = await openAccountMenu(page)
    await expect(menu.locator('.account-menu-heading')).toHaveText([
      'Account',
      'Resources',
      'Moderation',
      'Administration',
    ])
    const moderation = menu.getByRole('list', { name: 'Moderation' })
    await expect(
      moderation.getByRole('link', { name: 'Moderation dashboard', exact: true }),
    ).toHaveAttribute('href', '/en/moderation')
    await expect(
      menu
        .getByRole('list', { name: 'Administration' })
        .getByRole('link', { name: 'Admin panel', exact: true }),
    ).toHaveAttribute('href', '/admin')
  })

  test('an admin’s menu reads in the dark theme too', async ({ page }) => {
    await page.setViewportSize(WIDE)
    await page.emulateMedia({ colorScheme: 'dark' })
    await startSignedIn({ page, login: 'admin' })
    const menu = await openAccountMenu(page)
    await expect(menu.getByRole('list', { name: 'Administration' })).toBeVisible()
  })

  test('on a phone the menu’s account part is the same, and fits 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 })
    await startSignedIn({ page, login: 'user' })
    await page.locator('summary.site-menu-button').click()
    const account = page.getByRole('region', { name: 'Account' })
    await expect(account.getByRole('link', { name: 'Add a resource', exact: true })).toBeVisible()
    for (const name of OWNER_SECTIONS) {
      await expect(account.getByRole('link', { name, exact: true })).toHaveCount(0)
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
  })

  test('an admin’s phone menu keeps the headings', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await startSignedIn({ page, login: 'admin' })
    await page.locator('summary.site-menu-button').click()
    const account = page.getByRole('region', { name: 'Account' })
    await expect(account.getByRole('list', { name: 'Moderation' })).toBeVisible()
  })
})

test.describe('the site’s navigation', () => {
  for (const [home, posts, privacy, postsTitle, privacyTitle] of [
    ['/', 'Статьи', 'Конфиденциальность', 'Статьи', 'Политика конфиденциальности'],
    ['/en', 'Articles', 'Privacy', 'Articles', 'Privacy policy'],
  ] as const) {
    test(`reaches the articles and the privacy policy from ${home}`, async ({ page }) => {
      await page.goto(home)
      const footer = page.getByRole('contentinfo')
      await footer.getByRole('link', { name: posts, exact: true }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(postsTitle)
      await page.getByRole('contentinfo').getByRole('link', { name: privacy, exact: true }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(privacyTitle)
    })
  }
})
