import { type Locator, expect } from '@playwright/test'

import { notifyAsAnotherProcess } from './instances'
import {
  type Account,
  createAccount,
  mailsTo,
  newBrowserContext,
  seriousViolations,
  signIn,
  signInThroughApi,
  test,
} from './support'

/** A notification for `account`, made as an event's hook makes one, by another process. */
const notify = async (account: Account) => {
  expect(await notifyAsAnotherProcess(account.email)).toBe(0)
}

const choiceOf = (section: Locator, kind: string) => section.getByLabel(kind, { exact: true })

test.describe('notification mails', () => {
  test('should keep a changed choice, mail a notification and stop it from the mail link without signing in', async ({
    page,
    request,
    browser,
  }) => {
    // The notification is made by a process of its own, which starts Payload first.
    test.setTimeout(90_000)
    const account = await createAccount(request)
    await signIn({ page, account })
    await page.goto('/en/my-settings')
    const section = page.getByRole('region', { name: 'Email notifications' })
    await expect(section).toBeVisible()
    await expect(choiceOf(section, 'Someone mentioned me in the chat')).toHaveValue('digest')
    await choiceOf(section, 'A reply to my comment').selectOption({ label: 'Daily digest' })
    await section.getByRole('button', { name: 'Save email settings' }).click()
    await expect(page.getByText('Your email settings are saved.')).toBeVisible()
    await page.reload()
    await expect(choiceOf(section, 'A reply to my comment')).toHaveValue('digest')
    await expect(choiceOf(section, 'A new review of my resource')).toHaveValue('immediate')

    // The registration code was the first mail; the notification's is the second.
    await notify(account)
    const mails = await mailsTo({ to: account.email, count: 2 })
    const mail = mails.at(-1)!
    expect(mail.subject).toMatch(/New review of “|Новый отзыв о ресурсе «/)
    const link = /(https?:\/\/\S+\/unsubscribe\?token=\S+)/.exec(mail.text)?.[1]
    expect(link).toBeTruthy()

    // A stranger's browser: no session. Opening the link changes nothing by itself.
    const guest = await newBrowserContext(browser, {
      locale: 'en-GB',
      colorScheme: 'dark',
      viewport: { width: 390, height: 844 },
    })
    const guestPage = await guest.newPage()
    await guestPage.goto(link!)
    await expect(guestPage.getByRole('heading', { level: 1 })).toHaveText(
      /Unsubscribe|Отписка от писем/,
    )
    expect(await seriousViolations(guestPage)).toEqual([])
    await page.reload()
    await expect(choiceOf(section, 'A new review of my resource')).toHaveValue('immediate')

    await guestPage.getByRole('button', { name: /^(Unsubscribe|Отписаться)$/ }).click()
    await expect(guestPage.getByText(/^(Done|Готово):/)).toBeVisible()
    await expect(
      guestPage.getByRole('link', { name: /Your email settings|Настройки писем/ }),
    ).toBeVisible()
    await guest.close()

    await page.reload()
    await expect(choiceOf(section, 'A new review of my resource')).toHaveValue('never')
    await expect(choiceOf(section, 'A reply to my comment')).toHaveValue('digest')
  })

  for (const [width, theme] of [
    [1366, 'light'],
    [390, 'dark'],
  ] as const) {
    test(`should have no serious axe violation on the email settings, ${width} px, ${theme}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.emulateMedia({ colorScheme: theme })
      await signInThroughApi({ page, login: 'user' })
      await page.goto('/en/my-settings')
      await expect(page.getByRole('region', { name: 'Email notifications' })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  }

  test('should tell a tampered link apart and change nothing', async ({ page }) => {
    await page.goto(
      '/en/unsubscribe?token=12.new-review.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    )
    await expect(page.getByText(/This unsubscribe link is not valid/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Your email settings' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})
