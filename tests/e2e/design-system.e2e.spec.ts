import { expect } from '@playwright/test'

import { seriousViolations, test } from './support'

/** The design system's page (/design-system) shows every shared component; these use them. */
test.describe('design system', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`should have no serious axe violation on any component, ${theme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme })
      await page.goto('/en/design-system')
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Design system')
      expect(await seriousViolations(page)).toEqual([])
      await page.getByRole('button', { name: 'Open a dialog' }).click()
      await expect(page.getByRole('dialog', { name: 'A dialog' })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  }

  test('should open the tab that holds a required field left empty', async ({ page }) => {
    await page.goto('/en/design-system')
    await page.getByLabel('Title (Russian)').fill('Заголовок')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByRole('tab', { name: 'English' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(page.getByLabel('Title (English)')).toBeFocused()
    await expect(page.getByText('The form was sent.')).toHaveCount(0)
  })

  test('should move between tabs with the arrow keys', async ({ page }) => {
    await page.goto('/en/design-system')
    await page.getByRole('tab', { name: 'Русский' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('tab', { name: 'English' })).toBeFocused()
    await expect(page.getByLabel('Title (English)')).toBeVisible()
  })

  test('should ask in a dialog, keep focus in it, and return focus after', async ({ page }) => {
    await page.goto('/en/design-system')
    const opener = page.getByRole('button', { name: 'Delete…' })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Delete the review?' })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()
    await expect(page.getByRole('status').filter({ hasText: 'Nothing was deleted.' })).toBeVisible()

    await opener.click()
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: /^Deleted\./ })).toBeVisible()
  })

  test('should choose a grade by keyboard with the star input', async ({ page }) => {
    await page.goto('/en/design-system')
    const group = page.getByRole('group', { name: 'Your grade' })
    await group.getByLabel('1 out of 5').focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect(group.getByLabel('3 out of 5 — Average')).toBeChecked()
    await expect(page.getByText('Chosen: 3 out of 5')).toBeVisible()
  })
})
