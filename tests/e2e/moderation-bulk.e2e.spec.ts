import { expect } from '@playwright/test'

import { clearOtherReports, reportedReviews } from './reportedReviews'
import { postAs, signInThroughApi, test, tokenOf, unique } from './support'

/**
 * Moderators at volume (issue 42, item 11): an admin picks several reported reviews, hides them
 * with one reason, reads which one another moderator had decided meanwhile, and undoes the
 * batch; an admin answers a ticket starting from a saved reply; the dashboard's ticket and
 * verification cards open those queues.
 */

test.describe('moderators at volume', () => {
  test('an admin hides several reported reviews with one reason, reads what failed, and undoes it', async ({
    page,
    request,
  }) => {
    const { admin, reviews } = await reportedReviews(request, 3)
    await clearOtherReports(
      request,
      admin,
      reviews.map((review) => review.id),
    )
    await signInThroughApi({ page, login: 'admin' })
    await page.goto('/en/moderation/reports')
    const open = page.getByRole('tabpanel', { name: 'Waiting' })
    for (const { shop } of reviews) await expect(open.getByText(shop)).toBeVisible()

    const bar = open.getByRole('group', { name: 'Act on the picked items' })
    await bar.getByLabel('Select all on this page').check()
    await expect(bar.getByText('3 picked')).toBeVisible()
    // Meanwhile another moderator dismisses the first one's report.
    await postAs(request, admin, '/moderate-review', {
      review_id: reviews[0].id,
      action: 'dismiss',
    })

    await bar.getByRole('button', { name: 'Hide picked' }).click()
    const dialog = page.getByRole('dialog', { name: 'Hide 3 reviews' })
    await expect(dialog).toContainText('Each of the 3 is decided on its own')
    await dialog.getByLabel('Reason for the author').fill('The same advert, posted on many shops.')
    await dialog.getByRole('button', { name: 'Hide' }).click()
    await expect(dialog).toBeHidden()

    const toast = page.locator('.toast').filter({ hasText: '2 reviews hidden' })
    await expect(toast).toBeVisible()
    const failed = page.getByRole('alert').filter({ hasText: '1 item was not decided' })
    await expect(failed).toContainText(`${reviews[0].shop}`)
    await expect(failed).toContainText('Already decided: nothing was changed.')
    for (const { shop } of reviews.slice(1)) await expect(open.getByText(shop)).toHaveCount(0)

    await toast.getByRole('button', { name: 'Undo' }).click()
    await expect(
      page.locator('.toast').filter({ hasText: 'Undone: 2 items are back as they were.' }),
    ).toBeVisible()
    for (const { shop } of reviews.slice(1)) await expect(open.getByText(shop)).toBeVisible()
    // The other moderator's decision stands.
    await expect(open.getByText(reviews[0].shop)).toHaveCount(0)
  })

  test('an admin answers a ticket starting from a saved reply', async ({ page, request }) => {
    const admin = await tokenOf(request, 'admin')
    const title = `Payment delays ${unique()}`
    const text = 'Payments to shops can take up to 24 hours to arrive.'
    await postAs(request, admin, '/saved-replies', { title, text })
    const subject = `Stuck payment ${unique()}`
    const opened = await request.post('/api/add-requests', {
      headers: { Authorization: `JWT ${await tokenOf(request, 'user')}` },
      multipart: { subject, message: 'My payment has not arrived.' },
    })
    expect(opened.status(), await opened.text()).toBe(200)
    const { ticket } = (await opened.json()) as { ticket: { id: number } }

    await signInThroughApi({ page, login: 'admin' })
    await page.goto(`/en/tickets/${ticket.id}`)
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible()
    await page.getByLabel('Saved reply').selectOption({ label: title })
    await page.getByRole('button', { name: 'Insert' }).click()
    const box = page.getByLabel('Your message')
    await expect(box).toHaveValue(text)
    await box.press('End')
    await box.pressSequentially(' Yours is on its way.')
    await page.getByRole('button', { name: 'Send reply' }).click()
    await expect(page.locator('.ticket-message-support').last()).toContainText(
      `${text} Yours is on its way.`,
    )
  })

  test('the dashboard’s ticket and verification cards open those queues', async ({ page }) => {
    await signInThroughApi({ page, login: 'admin' })
    await page.goto('/en/moderation')
    await page.locator('[data-queue="tickets"]').click()
    await expect(page).toHaveURL(/\/en\/tickets$/)
    await expect(page.getByRole('tab', { name: 'Support queue' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(page.locator('#queue-status')).toHaveValue('open')
    await page.goto('/en/moderation')
    await page.locator('[data-queue="verification"]').click()
    await expect(page).toHaveURL(/\/en\/resource-check$/)
    await expect(page.getByRole('tab', { name: 'Moderation queue' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    // The queue opens on what the card counts: the requests waiting for a decision.
    await expect(page.locator('#queue-status')).toHaveValue('waiting')
  })
})
