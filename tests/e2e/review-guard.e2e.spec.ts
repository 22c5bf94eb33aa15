import { expect } from '@playwright/test'

import { REVIEW_GUARD } from '@/lib/limits'

import {
  createAccount,
  newBrowserContext,
  seriousViolations,
  signIn,
  postAs,
  rowOnSomePage,
  signInThroughApi,
  test,
  tokenOf,
  unique,
} from './support'

/**
 * Reviews that cannot be stuffed, as people meet them: a burst of reviews from new accounts on a
 * shop holds the next newcomer's review (they are told so, and see it waiting), the admin
 * publishes it from the held reviews' queue, and readers see it with its author's facts; the
 * owner's staff are told they may not review their employer's resources.
 */

test.describe('the review guard', () => {
  test('a burst of newcomers holds the next review until the admin publishes it', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(90_000)
    const admin = await tokenOf(request, 'admin')
    const title = `Burst shop ${unique()}`
    const shop = await postAs(request, admin, '/resources', {
      type: 'shop',
      title,
      links: [{ url: 'https://example.com' }],
      status: 'published',
    })
    const path = `/en/resources/shops/${shop.doc.slug}`
    for (let i = 0; i < REVIEW_GUARD.burstNewAccountReviews; i += 1) {
      const account = await createAccount(request)
      await postAs(
        request,
        await tokenOf(request, account.login, account.password),
        '/add-reviews',
        {
          resource_id: shop.doc.id,
          grade: 5,
          comment: `Great shop number ${i + 1}`,
        },
      )
    }

    // The next newcomer writes through the page and is told the review waits for a moderator.
    // Its text is its own: the held queue may still hold a namesake another run left there.
    const held = `Best shop, buy here now ${unique()}`
    const newcomer = await createAccount(request)
    await signIn({ page, account: newcomer })
    await page.goto(path)
    const form = page.getByRole('form', { name: 'Write a review' })
    await form.getByRole('group', { name: 'Overall grade' }).getByLabel('5 out of 5').check()
    await form.getByLabel('Review').fill(held)
    await form.getByRole('button', { name: 'Publish the review' }).click()
    await expect(
      page.getByText('Thank you! Your review will appear once a moderator has checked it'),
    ).toBeVisible()
    await page.goto('/en/reviews')
    await expect(page.getByText('Waiting for a moderator.')).toBeVisible()

    // Readers do not see it yet.
    const guest = await newBrowserContext(browser, { locale: 'en-US' })
    const reader = await guest.newPage()
    await reader.goto(path)
    await expect(
      reader.getByRole('heading', { name: `Reviews (${REVIEW_GUARD.burstNewAccountReviews})` }),
    ).toBeVisible()
    await expect(reader.getByText(held)).toHaveCount(0)

    // The admin finds it from the dashboard, with what its author is weighed by, and publishes it.
    const adminContext = await newBrowserContext(browser, { locale: 'en-US' })
    const moderator = await adminContext.newPage()
    await signInThroughApi({ page: moderator, login: 'admin' })
    await moderator.goto('/en/moderation')
    await moderator.locator('[data-queue="held"]').click()
    await expect(moderator).toHaveURL(/\/en\/moderation\/reviews$/)
    await expect(moderator.getByRole('heading', { level: 1 })).toHaveText(
      'Reviews held for moderation',
    )
    // The oldest held first: the review may be behind those other files left held.
    const item = await rowOnSomePage({
      page: moderator,
      scope: moderator.getByRole('main'),
      text: held,
      call: '/get-held-reviews',
    })
    await expect(item.getByRole('link', { name: title })).toBeVisible()
    await expect(item.getByText('New account')).toBeVisible()
    await expect(item.getByText('Member since')).toBeVisible()
    expect(await seriousViolations(moderator)).toEqual([])
    await item.getByRole('button', { name: /^Publish/ }).click()
    await moderator.getByRole('dialog').getByRole('button', { name: 'Publish' }).click()
    await expect(moderator.getByText(`${newcomer.displayName}'s review is published`)).toBeVisible()
    await expect(item).toHaveCount(0)

    // Readers now see it (once the page is rendered again in the background), marked as written
    // by a new account.
    await expect(async () => {
      await reader.reload()
      await expect(
        reader.getByRole('heading', {
          name: `Reviews (${REVIEW_GUARD.burstNewAccountReviews + 1})`,
        }),
      ).toBeVisible({ timeout: 1000 })
    }).toPass()
    const review = reader.getByRole('article', { name: `Review by ${newcomer.displayName}` })
    await expect(review.getByText('New account')).toBeVisible()
    await expect(review.getByText('1 review', { exact: true })).toBeVisible()
    await guest.close()
    await adminContext.close()
  })

  test("the owner's staff are told they may not review the employer's resources", async ({
    page,
  }) => {
    // The demo forum operator works for the demo owner, whose shops are not the operator's type.
    await signInThroughApi({ page, login: 'forum-operator' })
    await page.goto('/ru/resources/shops/spice-shop')
    await expect(
      page.getByText('Вы работаете у владельца этого ресурса: отзывы о нём оставляют другие.'),
    ).toBeVisible()
    await expect(page.getByRole('form', { name: 'Оставить отзыв' })).toHaveCount(0)
    // A reader of a long-standing account sees since when its author is a member.
    await page.goto('/en/resources/marketplaces/bazaar-one')
    const review = page.getByRole('article', { name: 'Review by Julia' })
    await expect(review.getByText(/^Member since /)).toBeVisible()
    await expect(review.getByText('New account')).toHaveCount(0)
  })
})
