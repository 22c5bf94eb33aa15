import { type APIRequestContext, expect } from '@playwright/test'

import {
  createAccount,
  createResource,
  postAs,
  startSignedIn,
  test,
  tokenOf,
  unique,
} from './support'

/**
 * bazaar-one has two demo reviews: 5★ "Гарант не подвёл" by `user`, 4★ by `totp-user`. They are
 * read as seeded: no journey reviews bazaar-one, votes on or reports its reviews. The journeys
 * that write (a review, a vote, a report) do it on a resource of their own.
 */
const BAZAAR = '/en/resources/marketplaces/bazaar-one'

/** A shop of the test's own with one review by a new member: what a reader votes on or reports. */
const reviewedShop = async (request: APIRequestContext) => {
  const shop = await createResource(request)
  const author = await createAccount(request)
  const comment = `Fees are a bit high ${unique()}`
  const { review } = (await postAs(
    request,
    await tokenOf(request, author.login, author.password),
    '/add-reviews',
    { resource_id: shop.id, grade: 4, comment },
  )) as { review: { id: number } }
  return { shop, review: { id: review.id, comment } }
}

test.describe('resource page', () => {
  test('should lead with the decision: score, visit website, write a review', async ({ page }) => {
    await page.goto(BAZAAR)
    const hero = page.locator('.resource-hero')
    await expect(hero.getByRole('heading', { level: 1 })).toContainText('Bazaar One')
    await expect(hero.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeVisible()
    await expect(hero.getByRole('link', { name: '2 reviews' })).toBeVisible()
    const visit = hero.getByRole('link', { name: /Visit website/ })
    await expect(visit).toHaveAttribute('target', '_blank')
    await expect(visit).toHaveAttribute('rel', /noopener/)
    await hero.getByRole('link', { name: /Write a review/ }).click()
    await expect(page).toHaveURL(/#write-review$/)
    await expect(page.getByRole('link', { name: 'Sign in to write a review' })).toBeInViewport()
  })

  test('should filter reviews by a rating bar and sort them without reloading', async ({
    page,
  }) => {
    await page.goto(BAZAAR)
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
    await page.getByRole('link', { name: /Show only 5-star reviews/ }).click()
    await expect(page).toHaveURL(/\?grade=5/)
    await expect(page.getByText('Showing 5-star reviews.')).toBeVisible()
    const reviews = page.locator('.review-list > li')
    await expect(reviews).toHaveCount(1)
    await expect(reviews.first().getByRole('heading', { name: 'Гарант не подвёл' })).toBeVisible()

    await page.getByRole('link', { name: 'Show all reviews' }).click()
    await expect(reviews).toHaveCount(2)
    await page.getByRole('link', { name: 'Lowest rated' }).click()
    await expect(page).toHaveURL(/\?sort=lowest/)
    await expect(page.getByRole('link', { name: 'Lowest rated' })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await expect(reviews.first()).toContainText('Good choice of sellers')
    // The same document all along: the list changed in place.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
  })

  test('should grade by keyboard with the star input', async ({ page, request }) => {
    const account = await createAccount(request)
    const forum = await createResource(request, { type: 'forum' })
    await startSignedIn({ page, login: account.login, password: account.password })
    await page.goto(forum.path)
    const form = page.getByRole('form', { name: 'Write a review' })
    const grade = form.getByRole('group', { name: 'Overall grade' })
    await grade.getByLabel('1 out of 5').focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect(grade.getByLabel('4 out of 5 — Good')).toBeChecked()
    await expect(grade.getByText('Good', { exact: true })).toBeVisible()
    await form.getByLabel('Title').fill('Cosy and quick')
    await form.getByLabel('Review', { exact: true }).fill('Found a rare book in a day.')
    await form.getByRole('button', { name: 'Publish the review' }).click()
    await expect(page.getByText('Thank you! Your review is published.')).toBeVisible()
    const review = page.getByRole('article', { name: 'Your review' })
    await expect(review.getByRole('heading', { name: 'Cosy and quick' })).toBeVisible()
    await expect(review.getByRole('img', { name: 'Graded 4 out of 5' })).toBeVisible()
  })

  test('should count a helpful vote once per reader, and take it back', async ({
    page,
    request,
  }) => {
    const { shop } = await reviewedShop(request)
    const account = await createAccount(request)
    await startSignedIn({ page, login: account.login, password: account.password })
    await page.goto(shop.path)
    const review = page.locator('.review-list > li').first()
    const helpful = review.getByRole('button', { name: 'Mark the review as helpful' })
    await expect(helpful).toHaveAttribute('aria-pressed', 'false')
    await helpful.click()
    await expect(helpful).toHaveAttribute('aria-pressed', 'true')
    await expect(review.getByText('1 person found this review helpful')).toBeVisible()

    await page.reload()
    await expect(helpful).toHaveAttribute('aria-pressed', 'true')
    await expect(review.getByText('1 person found this review helpful')).toBeVisible()
    await helpful.click()
    await expect(helpful).toHaveAttribute('aria-pressed', 'false')
    await expect(review.getByText(/found this review helpful/)).toHaveCount(0)
  })

  test('should send a report into the admins’ moderation queue', async ({ page, request }) => {
    const { shop, review: reported } = await reviewedShop(request)
    const account = await createAccount(request)
    await startSignedIn({ page, login: account.login, password: account.password })
    await page.goto(shop.path)
    const review = page.locator('.review-list > li').first()
    await review.getByRole('button', { name: 'Report' }).click()
    const dialog = page.getByRole('dialog', { name: 'Report the review' })
    await dialog.getByLabel('Fake review').check()
    await dialog.getByLabel('Details').fill(`Copied from elsewhere ${account.login}`)
    await dialog.getByRole('button', { name: 'Send the report' }).click()
    await expect(dialog).toBeHidden()
    await expect(
      page.getByRole('status').filter({ hasText: 'The report has been sent' }),
    ).toBeVisible()
    await expect(review.getByText('Reported', { exact: true })).toBeVisible()

    await page.context().clearCookies()
    await startSignedIn({ page, login: 'admin' })
    // Filtered to this review's reports: unfiltered, the list shows the newest ten of any review.
    await page.goto(`/admin/collections/review-reports?where[review][equals]=${reported.id}`)
    const row = page.locator('tbody tr')
    await expect(row).toHaveCount(1)
    await expect(row).toContainText(reported.comment)
    await expect(row).toContainText('Поддельный отзыв')
  })
})
