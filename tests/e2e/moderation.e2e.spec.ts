import { type APIRequestContext, type Browser, type Page, expect } from '@playwright/test'

import {
  type Account,
  createAccount,
  mailsTo,
  newBrowserContext,
  seriousViolations,
  postAs,
  signInThroughApi,
  test,
  tokenOf,
  unique,
} from './support'

/**
 * The moderators' side: an admin opens the dashboard of what waits and clears its queues, each
 * journey one queue on rows of its own (hides a reported review with a reason, dismisses the
 * reports on another; approves a resource, rejects one with a reason), the counts go down, the
 * review's author reads why it was hidden and the rejected resource's owner why it was rejected.
 */

/** A published shop the admin adds, reviewed by a new member, reported by `reporters`. */
const reportedReview = async (
  request: APIRequestContext,
  { admin, reporters, comment }: { admin: string; reporters: string[]; comment: string },
) => {
  const shop = await postAs(request, admin, '/resources', {
    type: 'shop',
    title: `Moderated shop ${unique()}`,
    links: [{ url: 'https://example.com' }],
    status: 'published',
  })
  const author = await createAccount(request)
  const token = await tokenOf(request, author.login, author.password)
  const { review } = await postAs(request, token, '/add-reviews', {
    resource_id: shop.doc.id,
    grade: 1,
    comment,
  })
  for (const login of reporters) {
    await postAs(request, await tokenOf(request, login), '/report-review', {
      review_id: review.id,
      reason: 'offensive',
      comment: `Reported by ${login}`,
    })
  }
  return { author, review }
}

/** The count on the dashboard's card of `queue`. */
const countOf = async (page: Page, queue: string) => {
  await page.goto('/en/moderation')
  return Number(await page.locator(`[data-queue="${queue}"] .moderation-card-count`).innerText())
}

const personAt = async (browser: Browser, account: Account) => {
  const context = await newBrowserContext(browser, { locale: 'en-US' })
  const page = await context.newPage()
  await signInThroughApi({ page, login: account.login, password: account.password })
  return { page, close: () => context.close() }
}

test.describe('the moderators’ dashboard', () => {
  test('an admin clears the reports, the count goes down and the author reads why', async ({
    page,
    request,
    browser,
  }) => {
    const admin = await tokenOf(request, 'admin')
    const rude = `Rude words about the staff ${unique()}`
    const fair = `Slow delivery but fine ${unique()}`
    const hidden = await reportedReview(request, {
      admin,
      reporters: ['user', 'editor'],
      comment: rude,
    })
    await reportedReview(request, { admin, reporters: ['user'], comment: fair })

    await signInThroughApi({ page, login: 'admin' })
    const reportsBefore = await countOf(page, 'reports')
    expect(reportsBefore).toBeGreaterThanOrEqual(2)

    // The reported review, its text in place and both reports under it: hide it, saying why.
    await page.locator('[data-queue="reports"]').click()
    await expect(page).toHaveURL(/\/en\/moderation\/reports$/)
    const item = page.getByRole('listitem').filter({ hasText: rude })
    await expect(item.getByText('2 reports')).toBeVisible()
    await expect(item.getByText('Reported by user')).toBeVisible()
    await expect(item.getByText('Reported by editor')).toBeVisible()
    await item.getByRole('button', { name: 'Hide the review' }).click()
    const hideDialog = page.getByRole('dialog', { name: 'Hide the review' })
    await hideDialog.getByRole('button', { name: 'Hide' }).click()
    await expect(hideDialog.getByText('Say why.')).toBeVisible()
    await hideDialog.getByLabel('Reason for the author').fill('Insults the staff by name.')
    await hideDialog.getByRole('button', { name: 'Hide' }).click()
    await expect(hideDialog).toBeHidden()
    await expect(page.getByRole('listitem').filter({ hasText: rude })).toHaveCount(0)

    // The other one: dismiss its report.
    const other = page.getByRole('listitem').filter({ hasText: fair })
    await other.getByRole('button', { name: 'Dismiss' }).click()
    await page
      .getByRole('dialog', { name: 'Dismiss the reports?' })
      .getByRole('button', {
        name: 'Dismiss',
      })
      .click()
    await expect(page.getByRole('listitem').filter({ hasText: fair })).toHaveCount(0)
    // Both wait no more: they are on the handled tab, with what was decided.
    await page.getByRole('tab', { name: 'Handled' }).click()
    const handled = page.getByRole('tabpanel', { name: 'Handled' })
    await expect(handled.getByRole('listitem').filter({ hasText: rude }).first()).toContainText(
      'Hidden: Insults the staff by name.',
    )
    await expect(
      handled.getByRole('listitem').filter({ hasText: fair }).getByText('Dismissed'),
    ).toBeVisible()
    expect(await countOf(page, 'reports')).toBe(reportsBefore - 2)

    // The review's author reads that it was hidden, and why.
    const author = await personAt(browser, hidden.author)
    await author.page.goto('/en/reviews')
    const mine = author.page.getByRole('article').filter({ hasText: rude })
    await expect(mine.getByText('Hidden by the moderators.')).toBeVisible()
    await expect(mine.getByText('Reason: Insults the staff by name.')).toBeVisible()
    await author.close()
  })

  test('an admin approves one resource and rejects another, the count goes down and the owner reads why', async ({
    page,
    request,
    browser,
  }) => {
    const owner = await createAccount(request)
    const ownerToken = await tokenOf(request, owner.login, owner.password)
    const approved = `Approved shop ${unique()}`
    const rejected = `Rejected shop ${unique()}`
    for (const title of [approved, rejected]) {
      await postAs(request, ownerToken, '/save-resource', {
        type: 'shop',
        title_ru: title,
        title_en: title,
        links: ['https://example.org'],
      })
    }

    await signInThroughApi({ page, login: 'admin' })
    const resourcesBefore = await countOf(page, 'resources')
    expect(resourcesBefore).toBeGreaterThanOrEqual(2)

    // The resources waiting for approval: approve one, reject the other with a reason.
    await page.locator('[data-queue="resources"]').click()
    await expect(page).toHaveURL(/\/en\/moderation\/resources$/)
    const toApprove = page.getByRole('listitem').filter({ hasText: approved })
    await toApprove.getByRole('button', { name: `Approve ${approved}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByRole('listitem').filter({ hasText: approved })).toHaveCount(0)
    const toReject = page.getByRole('listitem').filter({ hasText: rejected })
    await toReject.getByRole('button', { name: `Reject ${rejected}` }).click()
    const rejectDialog = page.getByRole('dialog', { name: `Reject “${rejected}”` })
    await rejectDialog.getByLabel('Reason for the owner').fill('The address leads to another shop.')
    await rejectDialog.getByRole('button', { name: 'Reject' }).click()
    await expect(rejectDialog).toBeHidden()
    await expect(
      page.getByRole('tabpanel', { name: 'Awaiting approval' }).getByText(rejected),
    ).toHaveCount(0)
    expect(await countOf(page, 'resources')).toBe(resourcesBefore - 2)

    // The owner is told by email, and reads the reason on their resources.
    const mails = await mailsTo({ to: owner.email, count: 3 })
    expect(mails.map((mail) => mail.subject).join('\n')).toContain(rejected)
    const ownerPage = await personAt(browser, owner)
    await ownerPage.page.goto('/en/account')
    await expect(ownerPage.page.getByRole('listitem').filter({ hasText: rejected })).toContainText(
      'The address leads to another shop.',
    )
    await ownerPage.close()
  })

  test('the screens are the admins’ alone: a member reads so, a guest is asked to sign in', async ({
    page,
  }) => {
    await page.goto('/en/moderation/reports')
    await expect(page).toHaveURL(/\/en\/signin\?next=%2Fen%2Fmoderation%2Freports/)
    await signInThroughApi({ page, login: 'user' })
    for (const path of ['/moderation', '/en/moderation/reports', '/ru/moderation/resources']) {
      await page.goto(path)
      await expect(page.locator('.state-title')).toHaveText(
        /Only administrators moderate the site\.|Модерировать сайт могут только администраторы\./,
      )
      await expect(page.locator('.moderation-card, .moderation-item')).toHaveCount(0)
    }
  })

  test('the admin’s dashboard shows the counts to admins, linking to the site’s queues, and not to editors', async ({
    page,
  }) => {
    await signInThroughApi({ page, login: 'admin' })
    await page.goto('/admin')
    const panel = page.locator('.moderation-queues')
    await expect(panel.locator('[data-queue="reports"]')).toHaveAttribute(
      'href',
      '/moderation/reports',
    )
    await panel.locator('[data-queue="resources"]').click()
    await expect(page).toHaveURL(/\/moderation\/resources$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ресурсы на проверке')

    await page.context().clearCookies()
    await signInThroughApi({ page, login: 'editor' })
    await page.goto('/admin')
    await expect(page.locator('aside.nav')).toContainText('Новости')
    await expect(page.locator('.moderation-queues')).toHaveCount(0)
  })

  // A test per screen, each in both themes: two axe runs each, well within a test's time.
  for (const path of [
    '/en/moderation',
    '/moderation/reports',
    '/moderation/reviews',
    '/en/moderation/resources',
  ]) {
    test(`should have no serious axe violation on ${path} in both themes`, async ({ page }) => {
      await signInThroughApi({ page, login: 'admin' })
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await page.goto(path)
        await expect(
          page.locator('.moderation-card, .moderation-item, .state').first(),
        ).toBeVisible()
        expect(await seriousViolations(page), scheme).toEqual([])
      }
    })
  }
})
