import { type Page, expect } from '@playwright/test'

import { settled, startSignedIn, test } from './support'

/**
 * The admin as people read it: Russian by default (the browser is Russian), every label and
 * option named, the country picked by name, no field editor or picture fetched from another
 * site; and an editor's admin without what only admins work on.
 */

/** Every request the page makes to another host than this app's (data and blob URLs aside). */
const watchOutsideRequests = (page: Page) => {
  const outside: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    const isLocal =
      ['data:', 'blob:'].includes(url.protocol) ||
      ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
    if (!isLocal) outside.push(request.url())
  })
  return outside
}

/** Opens an admin page and lets its lazy parts (editors, pictures) load. */
const openAdmin = async (page: Page, path: string) => {
  await page.goto(path)
  await settled(page)
}

const navigation = (page: Page) => page.locator('aside.nav')

test.describe('the admin', () => {
  test('should show the resources with readable Russian labels and the country by name', async ({
    page,
  }) => {
    const outside = watchOutsideRequests(page)
    await startSignedIn({ page, login: 'admin' })
    // The list filtered to Bazaar One: newest first, the oldest resource would sit behind
    // whatever other files on this server added since the seed.
    await openAdmin(page, '/admin/collections/resources?where[slug][equals]=bazaar-one')
    const table = page.locator('table')
    await expect(table.locator('thead')).toContainText('Название')
    await expect(table.locator('thead')).toContainText('Тип')
    await expect(table.locator('thead')).toContainText('Статус модерации')
    await expect(table.locator('thead')).toContainText('Страна')
    await expect(table.locator('tbody tr')).toHaveCount(1)
    const bazaar = table.locator('tbody tr', { hasText: 'Базар Один' })
    await expect(bazaar).toContainText('Маркетплейс')
    await expect(bazaar).toContainText('Опубликован')
    await expect(bazaar).toContainText('Россия')
    // A checkbox reads yes or no (Payload writes it in lower case), not "true" or "ложь".
    await expect(bazaar.locator('.bool-cell')).toHaveText('да')
    await expect(navigation(page)).toContainText('Ресурсы')
    await expect(navigation(page)).toContainText('Отзывы')

    await bazaar.locator('a').first().click()
    await expect(page).toHaveURL(/\/admin\/collections\/resources\/\d+$/)
    await settled(page)
    const country = page.locator('#field-country')
    await expect(country).toContainText('Страна')
    await expect(country.locator('.react-select')).toContainText('Россия (RU)')
    await country.locator('.rs__control').click()
    await page.keyboard.type('Казах')
    await expect(page.getByRole('option', { name: 'Казахстан (KZ)' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.locator('#field-type')).toContainText('Маркетплейс')
    await expect(page.locator('label[for="field-verified"]')).toHaveText('Проверен модератором')
    await expect(page.locator('#field-ratingDistribution')).toContainText('5 звёзд')
    expect(outside).toEqual([])
  })

  test("should show a review's criteria by name, without a code editor", async ({ page }) => {
    const outside = watchOutsideRequests(page)
    await startSignedIn({ page, login: 'admin' })
    // Filtered to the demo review: it is the oldest, and the list shows the newest ten first.
    const comment = 'Сделка прошла гладко, гарант сработал быстро.'
    await openAdmin(
      page,
      `/admin/collections/reviews?where[comment][equals]=${encodeURIComponent(comment)}`,
    )
    await expect(page.locator('table thead')).toContainText('Текст отзыва')
    await expect(page.locator('tbody tr')).toHaveCount(1)
    await page.locator('tbody tr', { hasText: comment }).locator('a').first().click()
    await expect(page).toHaveURL(/\/admin\/collections\/reviews\/\d+$/)
    await settled(page)
    const criteria = page.locator('#field-criteria')
    await expect(criteria).toContainText('Оценки по критериям')
    await expect(criteria).toContainText('Надёжность')
    await expect(criteria).toContainText('Поддержка')
    await expect(page.locator('label[for="field-grade"]')).toContainText('Общая оценка')
    await expect(page.locator('#field-status')).toContainText('Опубликован')
    // The author by their login, not "Untitled".
    await expect(page.locator('#field-author')).toContainText('user')
    await expect(page.locator('#field-author')).not.toContainText(/Untitled|Без названия/)
    await expect(page.locator('.monaco-editor')).toHaveCount(0)
    expect(outside).toEqual([])
  })

  test('should keep an editor to what editors do', async ({ page }) => {
    const outside = watchOutsideRequests(page)
    await startSignedIn({ page, login: 'editor' })
    await openAdmin(page, '/admin')
    await expect(navigation(page)).toContainText('Файлы')
    for (const label of ['Отзывы', 'Избранное', 'Пользователи', 'Ресурсы']) {
      await expect(navigation(page)).not.toContainText(label)
    }
    for (const slug of ['reviews', 'favorites', 'users', 'resources']) {
      const response = await page.goto(`/admin/collections/${slug}/create`)
      expect(response?.status(), slug).toBe(404)
    }
    // Their own account stays theirs to open.
    await openAdmin(page, '/admin/account')
    await expect(page.locator('#field-displayName')).toBeVisible()
    expect(outside).toEqual([])
  })
})
