import { expect } from '@playwright/test'

import { DEMO_PASSWORD } from '@/seed/users'

import {
  createAccount,
  newBrowserContext,
  postAs,
  seriousViolations,
  startSignedIn,
  test,
  tokenOf,
  unique,
} from './support'

/**
 * Issue 32, the in-site half: the owner answers a review in the browser; its author's bell
 * lights up, /notifications lists the reply, opening it lands on the review and the count drops.
 */
test.describe('notifications', () => {
  test("should light the review author's bell when the owner replies, and lead to the review", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000)
    const admin = await tokenOf(request, 'admin')
    const owner = await request.post('/api/login', {
      data: { login: 'owner', password: DEMO_PASSWORD },
    })
    const { user_id: ownerId } = (await owner.json()) as { user_id: number }
    const title = `Bell shop ${unique()}`
    const shop = (await postAs(request, admin, '/resources', {
      type: 'shop',
      title,
      links: [{ url: 'https://example.com' }],
      status: 'published',
      owner: ownerId,
    })) as { doc: { id: number; slug: string } }
    const author = await createAccount(request)
    const comment = `Slow delivery ${unique()}`
    const { review } = (await postAs(
      request,
      await tokenOf(request, author.login, author.password),
      '/add-reviews',
      { resource_id: shop.doc.id, grade: 3, comment },
    )) as { review: { id: number } }

    // The owner replies on "Reviews on my resources".
    await startSignedIn({ page, login: 'owner' })
    await page.goto('/en/account/reviews')
    const item = page.getByRole('listitem').filter({ hasText: comment })
    await item.getByLabel('Your reply').fill('Sorry: we changed the courier.')
    await item.getByRole('button', { name: 'Reply' }).click()
    await expect(page.getByText('Your reply is published.')).toBeVisible()

    // The author's bell shows it.
    const context = await newBrowserContext(browser, { locale: 'en-US' })
    const reader = await context.newPage()
    await startSignedIn({ page: reader, login: author.login, password: author.password })
    const bell = reader.getByRole('banner').getByRole('link', { name: /^Notifications/ })
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread')
    await bell.click()
    await expect(reader).toHaveURL(/\/en\/notifications$/)
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Notifications')
    const link = reader.getByRole('link', {
      name: `Unread: Owner replied to your review of “${title}”`,
    })
    await expect(link).toBeVisible()
    expect(await seriousViolations(reader)).toEqual([])

    await link.click()
    await expect(reader).toHaveURL(
      new RegExp(`/en/resources/shops/${shop.doc.slug}#review-${review.id}$`),
    )
    await expect(reader.locator(`#review-${review.id}`)).toContainText(comment)
    await expect(bell).toHaveAccessibleName('Notifications')

    // Read now, and marked so on the page.
    await reader.goto('/en/notifications')
    await expect(
      reader.getByRole('link', { name: `Owner replied to your review of “${title}”` }),
    ).toBeVisible()
    await expect(reader.getByText('All notifications are read.')).toBeVisible()
    await context.close()
  })

  test('should mark all as read, and show an empty state, in both themes at 360 px', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    const account = await createAccount(request)
    await page.setViewportSize({ width: 360, height: 740 })
    await startSignedIn({ page, login: account.login, password: account.password })
    await page.goto('/en/notifications')
    await expect(page.getByText('No notifications yet')).toBeVisible()
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      expect(await seriousViolations(page), scheme).toEqual([])
    }
    // Mentioned twice in the chat by the demo user: two unread, then none.
    const token = await tokenOf(request, 'user')
    for (const text of [`@${account.login} hi`, `@${account.login} again`]) {
      await postAs(request, token, '/add-chat-message', { text })
    }
    await page.reload()
    await expect(page.getByText('2 unread')).toBeVisible()
    await page.getByRole('button', { name: 'Mark all as read' }).click()
    await expect(page.getByText('All notifications are read.')).toBeVisible()
    await expect(
      page.getByRole('banner').getByRole('link', { name: /^Notifications/ }),
    ).toHaveAccessibleName('Notifications')
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(360)
  })

  test('should answer a comment in the browser and tell its author', async ({ page, request }) => {
    const token = await tokenOf(request, 'store-operator')
    const count = async () => {
      const answer = await request.get('/api/get-notifications-count', {
        headers: { Authorization: `JWT ${token}` },
      })
      return ((await answer.json()) as { unread: number }).unread
    }
    const before = await count()
    await startSignedIn({ page, login: 'user' })
    await page.goto('/en/posts/how-we-calculate-ratings')
    const comments = page.getByRole('region', { name: /^Comments/ })
    const parent = comments.getByRole('article', { name: 'Comment by Store Operator' })
    await parent.getByRole('button', { name: 'Reply' }).click()
    await expect(comments.getByText('Replying to Store Operator')).toBeVisible()
    const text = `Agreed ${unique()}`
    await comments.getByLabel('Your comment').fill(text)
    await comments.getByRole('button', { name: 'Send' }).click()
    const reply = comments.getByRole('article').filter({ hasText: text })
    await expect(reply.getByRole('link', { name: 'in reply to Store Operator' })).toBeVisible()
    await expect(comments.getByText('Replying to Store Operator')).toHaveCount(0)
    await expect.poll(count).toBe(before + 1)
  })

  test('should count a chat mention on the open chat page without a reload', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request)
    await startSignedIn({ page, login: account.login, password: account.password })
    await page.goto('/en/chat')
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
    const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ })
    await expect(bell).toHaveAccessibleName('Notifications')
    const text = `@${account.login} have a look ${unique()}`
    await postAs(request, await tokenOf(request, 'owner'), '/add-chat-message', { text })
    await expect(page.getByRole('log', { name: 'Chat messages' }).getByText(text)).toBeVisible()
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread')
  })
})
