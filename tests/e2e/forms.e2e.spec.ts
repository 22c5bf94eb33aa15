import { type Page, expect } from '@playwright/test'

import { createAccount, createResource, startSignedIn, test } from './support'

/** A review by the signed-in visitor, sent as the site's own client would send it. */
const writeReview = async ({
  page,
  resourceId,
  body,
}: {
  page: Page
  resourceId: number
  body: { grade: number; comment: string; criteria: Record<string, number> }
}) => {
  const status = await page.evaluate(
    async ({ resourceId, body }) => {
      const answer = await fetch('/api/add-reviews', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ resource_id: resourceId, ...body }),
      })
      return answer.status
    },
    { resourceId, body },
  )
  expect(status).toBe(200)
}

test.describe('add-resource language tabs', () => {
  // One language is enough (tests/e2e/resource-polish.e2e.spec.ts); a text in the other still
  // needs its title, and the server's refusal opens that tab.
  test('should open the tab of a field the server refused and mark it', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    await startSignedIn({ page, login: account.login, password: account.password })
    await page.goto('/en/add-resource')
    await page.getByLabel('Title in English').fill('Aquarists')
    await page.getByLabel('Address 1').fill('https://aquarists.example.com')
    await page.getByRole('tab', { name: /Русский/ }).click()
    // Spaces pass the browser's `required`; the server trims them and finds nothing.
    await page.getByLabel('Title in Russian').fill('   ')
    await page.getByLabel('Summary in Russian').fill('Всё об аквариумах')
    await page.getByRole('tab', { name: /English/ }).click()
    await page.getByRole('button', { name: 'Send for review' }).click()

    const russian = page.getByRole('tab', { name: /Русский/ })
    await expect(russian).toHaveAttribute('aria-selected', 'true')
    await expect(russian).toHaveAccessibleName(/has errors/)
    const title = page.locator('#title_ru')
    await expect(title).toBeFocused()
    await expect(title).toHaveAccessibleDescription('This field is required.')
    await expect(page).toHaveURL(/\/en\/add-resource$/)
  })
})

test.describe('my reviews', () => {
  test('should edit the grade by keyboard with the criteria kept, then delete after asking', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    // An exchanger of the test's own: a review of a demo marketplace would change the rating
    // and counts that other files read, for as long as it stood.
    const exchanger = await createResource(request, { type: 'exchanger' })
    await startSignedIn({ page, login: account.login, password: account.password })
    await writeReview({
      page,
      resourceId: exchanger.id,
      body: {
        grade: 3,
        comment: 'Wholesale prices, slow answers.',
        criteria: { reliability: 4, rates: 2 },
      },
    })
    await page.goto('/en/reviews')
    const review = page.getByRole('listitem').filter({ hasText: 'Wholesale prices' })
    await expect(review.getByRole('button', { name: 'Delete' })).toHaveClass(/button-danger/)
    await review.getByRole('button', { name: 'Edit' }).click()

    const grade = review.getByRole('group', { name: 'Grade', exact: true })
    await expect(grade.getByRole('radio', { name: '3 out of 5 — Average' })).toBeChecked()
    const reliability = review.getByRole('group', { name: 'Reliability', exact: true })
    await expect(reliability.getByRole('radio', { name: /^4 out of 5/ })).toBeChecked()
    const rates = review.getByRole('group', { name: 'Rates', exact: true })
    await expect(rates.getByRole('radio', { name: /^2 out of 5/ })).toBeChecked()
    const support = review.getByRole('group', { name: 'Support', exact: true })
    await expect(support.getByRole('radio', { checked: true })).toHaveCount(0)

    await grade.getByRole('radio', { name: /^3 out of 5/ }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(grade.getByRole('radio', { name: '4 out of 5 — Good' })).toBeChecked()
    await review.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Review updated' })).toBeVisible()
    await expect(review.getByRole('img', { name: 'Graded 4 out of 5' })).toBeVisible()

    await page.reload()
    await review.getByRole('button', { name: 'Edit' }).click()
    await expect(grade.getByRole('radio', { name: /^4 out of 5/ })).toBeChecked()
    await expect(reliability.getByRole('radio', { name: /^4 out of 5/ })).toBeChecked()
    await expect(rates.getByRole('radio', { name: /^2 out of 5/ })).toBeChecked()
    await review.getByRole('button', { name: 'Cancel' }).click()

    await review.getByRole('button', { name: 'Delete' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this review?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await page.reload()
    await expect(review).toBeVisible()

    await review.getByRole('button', { name: 'Delete' }).click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Review deleted' })).toBeVisible()
    await expect(review).toHaveCount(0)
    await expect(page.getByText('You have not written any review yet.')).toBeVisible()
  })
})
