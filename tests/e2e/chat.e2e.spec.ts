import { type Browser, type Page, expect } from '@playwright/test'

import { DEMO_PASSWORD } from '@/seed/users'

import { startSecondInstance } from './instances'
import {
  createAccount,
  newBrowserContext,
  seriousViolations,
  startSignedIn,
  test,
  unique,
} from './support'

/**
 * The live chat as people use it: two members see each other's messages arrive without a reload,
 * a mention stands out for the one named, an admin deletes a message and it vanishes for all;
 * guests read and are asked to log in; a member blocked in chat reads but cannot write; and two
 * instances of the app share one room.
 */

const enterRoom = async (
  browser: Browser,
  login: string,
  { password = DEMO_PASSWORD, baseURL }: { password?: string; baseURL?: string } = {},
) => {
  const context = await newBrowserContext(browser, {
    locale: 'en-US',
    ...(baseURL ? { baseURL } : {}),
  })
  const page = await context.newPage()
  await startSignedIn({ page, login, password })
  await page.goto('/en/chat')
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
  return { context, page }
}

const write = async (page: Page, text: string) => {
  await page.getByLabel('Your message').fill(text)
  await page.getByLabel('Your message').press('Enter')
  await expect(page.getByLabel('Your message')).toHaveValue('')
}

const room = (page: Page) => page.getByRole('log', { name: 'Chat messages' })

test.describe('chat', () => {
  test('two members see each other live; an admin deletes a message for everyone', async ({
    browser,
  }) => {
    test.setTimeout(90_000)
    const julia = await enterRoom(browser, 'user')
    const owner = await enterRoom(browser, 'owner')
    const hello = `Hello from Julia ${unique()}`
    await write(julia.page, hello)
    await expect(room(owner.page).getByText(hello)).toBeVisible({ timeout: 5000 })

    // The owner answers Julia by name: her copy marks the mention.
    const answer = `Welcome, Julia! ${unique()}`
    await write(owner.page, answer)
    const mentioned = room(julia.page).getByRole('listitem').filter({ hasText: answer })
    await expect(mentioned.locator('mark')).toHaveText('Julia')
    await expect(mentioned.getByText('Mentions you')).toBeAttached()

    const admin = await enterRoom(browser, 'admin')
    const message = room(admin.page).getByRole('listitem').filter({ hasText: hello })
    await message.getByRole('button', { name: 'Delete the message from Julia' }).click()
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(admin.page.getByText('The message is deleted.')).toBeVisible()
    for (const { page } of [julia, owner, admin]) {
      await expect(room(page).getByText(hello)).toHaveCount(0)
      await expect(room(page).getByText(answer)).toBeVisible()
    }
    // Deleted for good: not back after a reload.
    await julia.page.reload()
    await expect(room(julia.page).getByText(answer)).toBeVisible()
    await expect(room(julia.page).getByText(hello)).toHaveCount(0)
    for (const { context } of [julia, owner, admin]) await context.close()
  })

  test('guests read and are asked to log in; a member blocked in chat cannot write', async ({
    page,
    browser,
  }) => {
    await page.goto('/chat')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Чат')
    await expect(page.getByText('Войдите, чтобы писать в чат')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Войти' }).last()).toHaveAttribute(
      'href',
      '/signin?next=%2Fchat',
    )
    await expect(page.getByRole('textbox', { name: 'Ваше сообщение' })).toHaveCount(0)

    const muted = await enterRoom(browser, 'chat-muted')
    await expect(muted.page.getByText('You are blocked in chat')).toBeVisible()
    await expect(muted.page.getByLabel('Your message')).toHaveCount(0)
    for (const scheme of ['light', 'dark'] as const) {
      await muted.page.emulateMedia({ colorScheme: scheme })
      expect(await seriousViolations(muted.page), scheme).toEqual([])
    }
    await muted.context.close()
  })

  test('two app instances share one room', async ({ browser, request }) => {
    test.setTimeout(120_000)
    const second = await startSecondInstance()
    try {
      const [one, two] = [await createAccount(request), await createAccount(request)]
      const onFirst = await enterRoom(browser, one.login, { password: one.password })
      const onSecond = await enterRoom(browser, two.login, {
        password: two.password,
        baseURL: second.url,
      })
      const first = `From the first instance ${unique()}`
      await write(onFirst.page, first)
      await expect(room(onSecond.page).getByText(first)).toBeVisible({ timeout: 5000 })
      const reply = `From the second instance ${unique()}`
      await write(onSecond.page, reply)
      await expect(room(onFirst.page).getByText(reply)).toBeVisible({ timeout: 5000 })
      await onFirst.context.close()
      await onSecond.context.close()
    } finally {
      await second.stop()
    }
  })
})
