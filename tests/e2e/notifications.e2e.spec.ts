import { type APIRequestContext, type Page, expect } from '@playwright/test'

import { NOTIFICATIONS_REFRESH_MS, snippetOf } from '@/lib/notifications'
import { blocksToLexical } from '@/seed/lexical'

import {
  createAccount,
  createOwner,
  editorToken,
  newBrowserContext,
  postAs,
  seriousViolations,
  startSignedIn,
  test,
  tokenOf,
  unique,
} from './support'

/** A published post of the test's own, written by the demo editor through Payload's REST API. */
const createPost = async (request: APIRequestContext) => {
  const headers = { Authorization: `JWT ${await editorToken(request)}` }
  const title = `Talk ${unique()}`
  const created = await request.post('/api/posts?locale=en', {
    headers,
    data: {
      title,
      content: blocksToLexical([{ p: 'A post to talk about.' }]),
      _status: 'published',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number; slug: string } }
  return { ...doc, title }
}

/** Makes the page's tab hidden or shown, as switching tabs does (`visibilitychange`). */
const showTab = (page: Page, shown: boolean) =>
  page.evaluate(
    (state) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    },
    shown ? 'visible' : 'hidden',
  )

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
    // An owner of the test's own: its shop adds nothing to the demo owner's resources and reviews.
    const title = `Bell shop ${unique()}`
    const { account: owner, resource: shop } = await createOwner(request, { title })
    const author = await createAccount(request)
    const comment = `Slow delivery ${unique()}`
    const { review } = (await postAs(
      request,
      await tokenOf(request, author.login, author.password),
      '/add-reviews',
      { resource_id: shop.id, grade: 3, comment },
    )) as { review: { id: number } }

    // The owner replies on "Reviews on my resources".
    await startSignedIn({ page, login: owner.login, password: owner.password })
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
      name: `Unread: Reply to your review of “${title}” by ${owner.displayName}`,
    })
    await expect(link).toContainText('“Sorry: we changed the courier.”')
    await expect(link).toBeVisible()
    expect(await seriousViolations(reader)).toEqual([])

    await link.click()
    await expect(reader).toHaveURL(new RegExp(`${shop.path}#review-${review.id}$`))
    await expect(reader.locator(`#review-${review.id}`)).toContainText(comment)
    await expect(bell).toHaveAccessibleName('Notifications')

    // Read now, and marked so on the page.
    await reader.goto('/en/notifications')
    await expect(
      reader.getByRole('link', {
        name: `Reply to your review of “${title}” by ${owner.displayName}`,
      }),
    ).toBeVisible()
    await expect(reader.getByText('All notifications are read.')).toBeVisible()
    await context.close()
  })

  test('should word a new review in Russian with its snippet, count new ones without a reload while the tab is shown, and lead to the review', async ({
    page,
    request,
  }) => {
    const title = `Садовые беседы ${unique()}`
    const { account: owner, resource: shop } = await createOwner(request, { title })
    const [first, second, third] = await Promise.all([
      createAccount(request),
      createAccount(request),
      createAccount(request),
    ])
    const comment = `Курьер приехал на неделю позже обещанного, но посылка пришла целой, а поддержка ответила на все вопросы о возврате денег и извинилась ${unique()}.`
    const reviewAs = async (account: typeof first, text: string) =>
      (
        (await postAs(
          request,
          await tokenOf(request, account.login, account.password),
          '/add-reviews',
          {
            resource_id: shop.id,
            grade: 4,
            comment: text,
          },
        )) as { review: { id: number } }
      ).review
    const review = await reviewAs(first, comment)

    // The page's clock is the test's: the bell's minute passes at once.
    await page.clock.install()
    await startSignedIn({ page, login: owner.login, password: owner.password })
    await page.goto('/notifications')
    const bell = page.getByRole('banner').getByRole('link', { name: /^Уведомления/ })
    await expect(bell).toHaveAccessibleName('Уведомления, 1 непрочитанное')
    const item = page.getByRole('link', {
      name: `Не прочитано: Новый отзыв о ресурсе «${title}» — ${first.displayName}`,
    })
    await expect(item).toContainText(`«${snippetOf(comment)}»`)

    // A second review comes while the page stays open: the bell counts it by itself.
    await reviewAs(second, 'Всё пришло вовремя.')
    await page.clock.runFor(NOTIFICATIONS_REFRESH_MS)
    await expect(bell).toHaveAccessibleName('Уведомления, 2 непрочитанных')

    // A hidden tab asks nothing; shown again, it asks at once.
    let asked = 0
    page.on('request', (sent) => {
      if (sent.url().includes('/api/get-notifications-count')) asked += 1
    })
    await showTab(page, false)
    await reviewAs(third, 'Нормально.')
    await page.clock.runFor(NOTIFICATIONS_REFRESH_MS * 2)
    expect(asked).toBe(0)
    await showTab(page, true)
    await expect(bell).toHaveAccessibleName('Уведомления, 3 непрочитанных')

    // The link leads to the review itself, on its resource's page, and the bell counts one less.
    await item.click()
    await expect(page).toHaveURL(new RegExp(`/resources/shops/${shop.slug}#review-${review.id}$`))
    await expect(page.locator(`#review-${review.id}`)).toContainText(comment)
    await expect(page.locator(`#review-${review.id}`)).toBeInViewport()
    await expect(bell).toHaveAccessibleName('Уведомления, 2 непрочитанных')
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

  test('should answer a comment in the browser and tell its author, whose link leads to the reply', async ({
    page,
    browser,
    request,
  }) => {
    // A post and both people of the test's own: the comment answered is the post's one, and the
    // replies pile up on no demo post, whose ten newest comments are all a reader sees at first.
    const post = await createPost(request)
    const author = await createAccount(request)
    const token = await tokenOf(request, author.login, author.password)
    await postAs(request, token, '/add-comment', { post_id: post.id, text: 'Ratings read well.' })
    const count = async () => {
      const answer = await request.get('/api/get-notifications-count', {
        headers: { Authorization: `JWT ${token}` },
      })
      return ((await answer.json()) as { unread: number }).unread
    }
    expect(await count()).toBe(0)
    const replier = await createAccount(request)
    await startSignedIn({ page, login: replier.login, password: replier.password })
    await page.goto(`/en/posts/${post.slug}`)
    const comments = page.getByRole('region', { name: /^Comments/ })
    const parent = comments.getByRole('article', { name: `Comment by ${author.displayName}` })
    await parent.getByRole('button', { name: 'Reply' }).click()
    await expect(comments.getByText(`Replying to ${author.displayName}`)).toBeVisible()
    const text = `Agreed ${unique()}`
    await comments.getByLabel('Your comment').fill(text)
    await comments.getByRole('button', { name: 'Send' }).click()
    const reply = comments.getByRole('article').filter({ hasText: text })
    await expect(
      reply.getByRole('link', { name: `in reply to ${author.displayName}` }),
    ).toBeVisible()
    await expect(comments.getByText(`Replying to ${author.displayName}`)).toHaveCount(0)
    await expect.poll(count).toBe(1)

    // The author's notification quotes the reply and leads to it, the reply marked and focused.
    const replyId = await reply.getAttribute('id')
    const context = await newBrowserContext(browser, { locale: 'en-US' })
    const reader = await context.newPage()
    await startSignedIn({ page: reader, login: author.login, password: author.password })
    await reader.goto('/en/notifications')
    const link = reader.getByRole('link', {
      name: `Unread: Reply to your comment on the post “${post.title}” by ${replier.displayName}`,
    })
    await expect(link).toContainText(`“${text}”`)
    await link.click()
    await expect(reader).toHaveURL(new RegExp(`/en/posts/${post.slug}#${replyId}$`))
    await expect(reader.locator(`#${replyId}`)).toBeFocused()
    await expect(reader.locator(`#${replyId}`)).toHaveClass(/comment-anchored/)
    await context.close()
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
