import { type APIRequestContext, type Page, expect } from '@playwright/test'

import { runAsAnotherProcess } from './instances'
import { cacheAfresh, createAccount, createResource, startSignedIn, test, unique } from './support'

/**
 * Members and owners (issue 28): a resource written in one language, the review area of a
 * reviewer, the add-employee form's first field, the 404's title, and a home page that follows
 * writes made outside the server.
 */

const adminToken = async (request: APIRequestContext) => {
  const signedIn = await request.post('/api/login', {
    data: { login: 'admin', password: 'demo12345' },
  })
  return ((await signedIn.json()) as { user: { token: string } }).user.token
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '')

test.describe('a resource in one language', () => {
  test('should be added in Russian only and shown in English with a note', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    await startSignedIn({ page, login: account.login, password: account.password })
    await page.goto('/add-resource')
    await expect(page.getByRole('tab', { name: /^Русский/ })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(page.getByRole('tab', { name: /English.*необязательно/ })).toBeVisible()
    const title = `Чайный погреб ${unique()}`
    await page.getByLabel('Тип', { exact: true }).selectOption({ label: 'Магазины' })
    await page.getByLabel('Название на русском').fill(title)
    await page.getByLabel('Кратко, на русском').fill('Чай со всего света')
    await page.getByLabel('Адрес 1').fill('https://tea-cellar.example.com')
    await page.getByRole('button', { name: 'Отправить на проверку' }).click()
    await expect(page.getByText('Отправлено на модерацию.')).toBeVisible()
    await expect(page).toHaveURL(/[?&]id=\d+$/)
    const id = new URL(page.url()).searchParams.get('id')

    const published = await request.patch(`/api/resources/${id}`, {
      headers: { Authorization: `JWT ${await adminToken(request)}` },
      data: { status: 'published' },
    })
    expect(published.status()).toBe(200)
    const { doc } = (await published.json()) as { doc: { slug: string } }
    await page.goto(`/en/resources/shops/${doc.slug}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title)
    await expect(page.locator('.resource-hero').getByRole('note')).toHaveText(
      /This resource is only described in Russian so far\./,
    )
    await expect(page.locator('.resource-hero .lead')).toHaveAttribute('lang', 'ru')
  })

  test('should open the tab of a summary without its title, the field in view below the header', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    await startSignedIn({ page, login: account.login, password: account.password })
    await page.goto('/en/add-resource')
    await page.getByLabel('Title in English').fill('Tea cellar')
    await page.getByLabel('Address 1').fill('https://tea-cellar.example.com')
    await page.getByRole('tab', { name: /Русский/ }).click()
    await page.getByLabel('Summary in Russian').fill('Чай со всего света')
    await page.getByRole('tab', { name: /English/ }).click()
    await page.getByRole('button', { name: 'Send for review' }).click()
    const russian = page.getByRole('tab', { name: /Русский/ })
    await expect(russian).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByLabel('Title in Russian')).toBeFocused()
    // Neither the tabs nor the field are under the sticky header.
    const header = await page.locator('.site-header').boundingBox()
    const tabs = await page.getByRole('tablist').boundingBox()
    expect(tabs!.y).toBeGreaterThanOrEqual(header!.y + header!.height)
  })
})

test.describe('the review area of a reviewer', () => {
  test('should say "Edit your review" once the visitor has reviewed the resource', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    const { user } = (await (
      await request.post('/api/login', {
        data: { login: account.login, password: account.password },
      })
    ).json()) as { user: { token: string } }
    // A forum of the test's own: a review of a demo one would change what other files read of it.
    const { path: resource, id: resourceId } = await createResource(request, { type: 'forum' })
    await startSignedIn({ page, login: account.login, password: account.password })
    await page.goto(resource)
    const hero = page.locator('.resource-hero')
    await expect(hero.getByRole('link', { name: /Write a review/ })).toBeVisible()

    const added = await request.post('/api/add-reviews', {
      headers: { Authorization: `JWT ${user.token}` },
      data: { resource_id: resourceId, grade: 4, comment: 'Friendly people, slow search.' },
    })
    expect(added.status()).toBe(200)
    await page.goto(resource)
    await expect(hero.getByRole('link', { name: /Edit your review/ })).toBeVisible()
    await expect(hero.getByRole('link', { name: /Write a review/ })).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Your review' })).toBeVisible()
    await hero.getByRole('link', { name: /Edit your review/ }).click()
    await expect(page).toHaveURL(/\/en\/reviews$/)
    await expect(page.getByText('Friendly people, slow search.')).toBeVisible()
  })
})

test.describe('the add-employee form', () => {
  test('should make the role a choice and focus the first empty field of the open tab', async ({
    page,
  }) => {
    await startSignedIn({ page, login: 'owner' })
    await page.goto('/en/add-employer')
    await page.getByRole('button', { name: 'Add the employee' }).click()
    expect(await focusedId(page)).toBe('login')

    await page.getByRole('tab', { name: 'Name and role' }).click()
    const role = page.getByLabel('Role', { exact: true })
    await expect(role).toHaveValue('')
    await expect(role.locator('option:checked')).toHaveText('Choose a role')
    await page.getByRole('button', { name: 'Add the employee' }).click()
    await expect(page.getByRole('tab', { name: 'Name and role' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(page.getByLabel('Display name')).toBeFocused()
    await page.getByLabel('Display name').fill('Tea Operator')
    await page.getByRole('button', { name: 'Add the employee' }).click()
    await expect(role).toBeFocused()
  })
})

test.describe('the 404 page', () => {
  test('should have a title of its own in both languages', async ({ page }) => {
    await page.goto('/en/no-such-page')
    await expect(page).toHaveTitle(/^Page Not Found — /)
    await page.goto('/no-such-page')
    await expect(page).toHaveTitle(/^Страница не найдена — /)
  })
})

test.describe('the home page', () => {
  test('should show what another process wrote, as after a seed, though it was cached before', async ({
    request,
  }) => {
    const title = `Tea Cellar ${unique()}`
    const homeHtml = async () => (await request.get('/en')).text()
    // Cached, as every visitor after the first gets it; cached by this test (a resource of its
    // own expires the home page), so that the page's own 60 s cannot run out in the wait below
    // and show the write without its notice.
    await createResource(request)
    await cacheAfresh(request, '/en')
    expect(await homeHtml()).not.toContain(title)

    expect(await runAsAnotherProcess('tests/e2e/writeAsAnotherProcess.ts', [title])).toBe(0)
    // Well within the pages' own time limit (60 s): only the write's notice can expire them.
    await expect.poll(homeHtml, { timeout: 10_000 }).toContain(title)
  })
})
