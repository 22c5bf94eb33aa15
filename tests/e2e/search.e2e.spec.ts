import { type Page, expect } from '@playwright/test'

import { seriousViolations, settled, test } from './support'

/** The header's search box, a combobox once its script has loaded. */
const headerBox = (page: Page) =>
  page.getByRole('banner').getByRole('combobox', { name: 'Search the directory' })

const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' })

test.describe('suggestions as you type', () => {
  test('should suggest a resource for a typo and open it with ArrowDown and Enter', async ({
    page,
  }) => {
    await page.goto('/en')
    const box = headerBox(page)
    await box.fill('bazzar')
    await expect(suggestions(page).getByRole('option', { name: /Bazaar One/ })).toBeVisible()
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    await expect(box).toHaveAttribute(
      'aria-controls',
      (await suggestions(page).getAttribute('id')) ?? 'no listbox',
    )

    await box.press('ArrowDown')
    const first = suggestions(page).getByRole('option').first()
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await first.getAttribute('id')) ?? 'no option',
    )
    await box.press('Enter')
    await expect(page).toHaveURL(/\/en\/resources\/marketplaces\/bazaar-one$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bazaar One')
  })

  test('should close on Escape and on a click outside, and search as a form on Enter', async ({
    page,
  }) => {
    await page.goto('/ru')
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Поиск по каталогу' })
    // A word of the demo shop's name: a type word ("магазин") would suggest the six best of
    // every shop, among them those other files add and review.
    await box.fill('лавка')
    const list = page.getByRole('listbox', { name: 'Подсказки' })
    await expect(list.getByRole('option', { name: /Лавка пряностей/ })).toBeVisible()
    await box.press('Escape')
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(list).toBeHidden()

    await box.press('ArrowDown')
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    await page.getByRole('heading', { level: 1 }).click()
    await expect(box).toHaveAttribute('aria-expanded', 'false')

    await box.press('Enter')
    await expect(page).toHaveURL(/\/search\?q=%D0%BB%D0%B0%D0%B2%D0%BA%D0%B0$/)
    await expect(page.getByRole('link', { name: 'Лавка пряностей' })).toBeVisible()
  })
})

test.describe('accessibility of the suggestions', () => {
  test('should have no serious axe violation with the suggestions open, in the dark theme', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/en')
    const box = headerBox(page)
    await box.fill('gadjet')
    await expect(suggestions(page).getByRole('option', { name: /Gadget Corner/ })).toBeVisible()
    await box.press('ArrowDown')
    await expect(suggestions(page).getByRole('option', { selected: true })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 } })

  test('should fit the open suggestions of the home page’s box on the screen', async ({ page }) => {
    await page.goto('/en')
    const box = page.getByRole('main').getByRole('combobox', { name: 'Search the directory' })
    await box.fill('swfit')
    const option = page.getByRole('option', { name: /Swift Exchange/ })
    await expect(option).toBeVisible()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    const { x, width: optionWidth } = (await option.boundingBox()) ?? { x: -1, width: 999 }
    expect([width <= 360, x >= 0 && x + optionWidth <= 360]).toEqual([true, true])
  })
})

test.describe('the search page', () => {
  test('should show a found resource with the same card as its listing', async ({ page }) => {
    const card = (name: string) =>
      page.locator('article.resource-card').filter({
        has: page.getByRole('heading', { level: 2, name }),
      })
    // Belarus has two demo shops: the resources other journeys add to this app (none has a
    // country) never push Gadget Corner off the filtered listing's first page.
    await page.goto('/en/resources/shops?country=BY')
    await settled(page)
    const listed = await card('Gadget Corner').evaluate((element) => element.outerHTML)

    await page.goto('/en/search?q=gadjet')
    await settled(page)
    await expect(page.getByText('1 resource found')).toBeVisible()
    expect(await card('Gadget Corner').evaluate((element) => element.outerHTML)).toBe(listed)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('should still search from the home page’s box', async ({ page }) => {
    await page.goto('/en')
    await page.locator('#search-hero').fill('bazzar')
    await page.locator('#search-hero').press('Enter')
    await expect(page).toHaveURL(/\/en\/search\?q=bazzar$/)
    await expect(page.getByRole('link', { name: 'Bazaar One' })).toBeVisible()
  })
})
