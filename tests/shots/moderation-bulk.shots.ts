import { expect } from '@playwright/test'

import { clearOtherReports, reportedReviews } from '../e2e/reportedReviews'
import { postAs, shoot, signInThroughApi, test, tokenOf, unique } from '../e2e/support'

/**
 * Moderators at volume (issue 42, item 11), as the seed's admin sees them: each queue's bulk bar
 * with items picked, the batch's reason dialog, a batch's toast with "Undo" beside what it could
 * not decide, and support's saved replies in a ticket's reply box and the contact reply dialog.
 */
test.describe('moderation at volume', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughApi({ page, login: 'admin' })
  })

  test('the bulk bars', async ({ page }) => {
    const queues = [
      ['held-picked', '/en/moderation/reviews'],
      ['resources-picked', '/en/moderation/resources'],
      ['contacts-picked', '/en/moderation/contacts'],
    ] as const
    for (const [name, path] of queues) {
      await shoot(page, name, async () => {
        await page.goto(path)
        const bar = page.locator('.bulk-bar').first()
        await bar.getByRole('checkbox').check()
        await expect(bar.locator('.bulk-hint')).toBeVisible()
      })
    }
  })

  test('a batch of reports: picked, its dialog, its outcome', async ({ page, request }) => {
    const { admin, reviews } = await reportedReviews(request, 3)
    const ids = reviews.map((review) => review.id)
    await clearOtherReports(request, admin, ids)
    const bar = page.locator('.bulk-bar')
    const pickAll = async () => {
      await page.goto('/en/moderation/reports')
      await bar.getByLabel('Select all on this page').check()
    }
    await shoot(page, 'reports-picked', pickAll)
    await shoot(
      page,
      'reports-hide-dialog',
      async () => {
        await pickAll()
        await bar.getByRole('button', { name: 'Hide picked' }).click()
        await page.getByLabel('Reason for the author').fill('The same advert, on many shops.')
      },
      { fullPage: false },
    )
    let undo: string | null = null
    await shoot(
      page,
      'reports-outcome',
      async () => {
        // Put back what the last view's batch decided, and the report another admin dismissed.
        if (undo) await postAs(request, admin, '/undo-moderation', { token: undo })
        await clearOtherReports(request, admin, ids)
        await request.patch(`/api/review-reports?where[review][equals]=${ids[0]}`, {
          headers: { Authorization: `JWT ${admin}` },
          data: { status: 'open' },
        })
        await pickAll()
        await postAs(request, admin, '/moderate-review', { review_id: ids[0], action: 'dismiss' })
        await bar.getByRole('button', { name: 'Hide picked' }).click()
        await page.getByLabel('Reason for the author').fill('The same advert, on many shops.')
        const answered = page.waitForResponse((response) =>
          response.url().endsWith('/api/moderate-in-bulk'),
        )
        await page.getByRole('dialog').getByRole('button', { name: 'Hide' }).click()
        undo = ((await (await answered).json()) as { undo: { token: string } }).undo.token
        await expect(page.locator('.toast')).toBeVisible()
        await expect(page.locator('.moderation-outcome')).toBeVisible()
      },
      { fullPage: false },
    )
  })

  test('saved replies in the reply boxes', async ({ page, request }) => {
    const admin = await tokenOf(request, 'admin')
    for (const [title, text] of [
      ['Payment delays', 'Payments to shops can take up to 24 hours to arrive.'],
      ['Ask for the order number', 'Please send us the order number and the shop’s name.'],
    ]) {
      await postAs(request, admin, '/saved-replies', { title: `${title} ${unique()}`, text })
    }
    const opened = await request.post('/api/add-requests', {
      headers: { Authorization: `JWT ${await tokenOf(request, 'user')}` },
      multipart: { subject: 'My payment has not arrived', message: 'It has been two days.' },
    })
    const { ticket } = (await opened.json()) as { ticket: { id: number } }
    const insertFirst = async () => {
      const picker = page.getByLabel('Saved reply')
      await picker.selectOption({ index: 1 })
      await page.getByRole('button', { name: 'Insert' }).click()
    }
    await shoot(page, 'ticket-saved-reply', async () => {
      await page.goto(`/en/tickets/${ticket.id}`)
      await insertFirst()
    })
    await shoot(
      page,
      'contact-reply-saved-reply',
      async () => {
        await page.goto('/en/moderation/contacts')
        await page.getByRole('button', { name: 'Reply by email' }).first().click()
        await insertFirst()
      },
      { fullPage: false },
    )
  })
})
