import { type APIRequestContext, type Page, expect } from '@playwright/test'

import { DEMO_PASSWORD } from '@/seed/users'

import { createAccount, fillSignIn, signInThroughApi, test, unique } from './support'

/**
 * Blocked members, as they meet it: a site block signs an open tab out without a click (through
 * the chat's stream, or the viewer check when the tab comes back into focus) and says once why
 * and how to appeal; a chat block takes the writing box away at once; signing in to a blocked
 * account shows that one message, not "session ended" beside it.
 */

const REASON = 'Advertising reviews of other shops.'

/** Blocks (or unblocks) `userId` as the demo admin does, through the site's call. */
const setBlock = async (
  request: APIRequestContext,
  { userId, scope, blocked }: { userId: number; scope: 'site' | 'chat'; blocked: boolean },
) => {
  const admin = await request.post('/api/login', {
    data: { login: 'admin', password: DEMO_PASSWORD },
  })
  expect(admin.status()).toBe(200)
  const { user } = (await admin.json()) as { user: { token: string } }
  const answer = await request.post('/api/block-user', {
    headers: { Authorization: `JWT ${user.token}` },
    form: { user_id: String(userId), scope, blocked: String(blocked), reason: REASON },
  })
  expect(answer.status(), await answer.text()).toBe(200)
}

/** A new member signed in in `page`'s browser, with their id. */
const signedInMember = async (page: Page, request: APIRequestContext) => {
  const account = await createAccount(request)
  const { user_id: userId } = await signInThroughApi({
    page,
    login: account.login,
    password: account.password,
  })
  return { account, userId }
}

/** The one message of a blocked account: the spec's sentence, the reason, the appeal. */
const expectBlockedMessage = async (page: Page) => {
  const notice = page.getByRole('alert').filter({ hasText: 'You are blocked.' })
  await expect(notice).toHaveCount(1)
  await expect(notice).toContainText(`Reason: ${REASON}`)
  await expect(notice.getByRole('link', { name: 'Appeal the block' })).toHaveAttribute(
    'href',
    '/en/contacts',
  )
  await expect(page.getByText('You are blocked.')).toHaveCount(1)
  await expect(page.getByText('Your session has ended')).toHaveCount(0)
}

test.describe('blocked members', () => {
  test('an open chat tab is signed out at once when the account is blocked on the site', async ({
    page,
    request,
  }) => {
    const { userId } = await signedInMember(page, request)
    await page.goto('/en/chat')
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
    await expect(page.getByLabel('Your message')).toBeVisible()

    await setBlock(request, { userId, scope: 'site', blocked: true })
    // No click, no reload: the stream tells the tab, which signs out and says why.
    await expect(page).toHaveURL(/\/en\/signin\?blocked=1$/)
    await expectBlockedMessage(page)
  })

  test('a tab without a stream learns of the block when it comes back into focus', async ({
    page,
    request,
  }) => {
    const { userId } = await signedInMember(page, request)
    await page.goto('/en/favorites')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await setBlock(request, { userId, scope: 'site', blocked: true })
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')))
      await expect(page).toHaveURL(/\/en\/signin\?blocked=1$/, { timeout: 1000 })
    }).toPass()
    await expectBlockedMessage(page)
  })

  test('a chat block takes the writing box away at once, and its end gives it back', async ({
    page,
    request,
  }) => {
    const { userId } = await signedInMember(page, request)
    await page.goto('/en/chat')
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
    await expect(page.getByLabel('Your message')).toBeVisible()

    await setBlock(request, { userId, scope: 'chat', blocked: true })
    await expect(page.getByText('You are blocked in chat')).toBeVisible()
    await expect(page.getByLabel('Your message')).toHaveCount(0)

    await setBlock(request, { userId, scope: 'chat', blocked: false })
    await expect(page.getByLabel('Your message')).toBeVisible()
    await expect(page.getByText('You are blocked in chat')).toHaveCount(0)
  })

  test('signing in to a blocked account shows one message with the reason and the appeal', async ({
    page,
    request,
  }) => {
    const { account, userId } = await signedInMember(page, request)
    await setBlock(request, { userId, scope: 'site', blocked: true })
    // The tab still holds the ended session's cookie, as after a block elsewhere.
    await page.goto('/en/profile')
    await expect(page).toHaveURL(/\/en\/signin\?.*blocked=1/)
    await expectBlockedMessage(page)

    await fillSignIn({ page, login: account.login, password: account.password })
    await expectBlockedMessage(page)
  })
})

test.describe('from the outside probe', () => {
  test('a search for a query with a NUL writes no control character into the title', async ({
    page,
  }) => {
    await page.goto(`/en/search?q=${encodeURIComponent(`a\u0000b${unique()}`)}`)
    const title = await page.title()
    expect(title).toContain('ab')
    expect(title).not.toMatch(/[\u0000-\u001f]/)
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText('\u0000')
  })
})
