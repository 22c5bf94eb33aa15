import { expect } from '@playwright/test'

import { notifyAsAnotherProcess } from '../e2e/instances'
import { createAccount, mailsTo, newBrowserContext, shoot, signIn, test } from '../e2e/support'

/**
 * The notification mails' screens: a member's email settings, and the page a mail's unsubscribe
 * link opens in a stranger's browser, before and after the click.
 */
test.describe('notification mails', () => {
  test('the email settings', async ({ page, request }) => {
    const account = await createAccount(request)
    await signIn({ page, account })
    await shoot(page, 'email-settings-en', async () => {
      await page.goto('/en/my-settings')
      await expect(page.getByRole('region', { name: 'Email notifications' })).toBeVisible()
    })
  })

  test('the unsubscribe page', async ({ request, browser }) => {
    // The notification is made by a process of its own, which starts Payload first.
    test.setTimeout(180_000)
    const account = await createAccount(request)
    // A new review of a resource, made as the events' hooks make one (as in the journey of
    // tests/e2e/notification-mail.e2e.spec.ts): the app mails it, with its unsubscribe link.
    expect(await notifyAsAnotherProcess(account.email)).toBe(0)
    // The registration code was the first mail; the notification's is the second.
    const mails = await mailsTo({ to: account.email, count: 2 })
    const link = /(https?:\/\/\S+\/unsubscribe\?token=\S+)/.exec(mails.at(-1)!.text)?.[1]
    expect(link).toBeTruthy()

    // A stranger's browser: no session.
    const guest = await newBrowserContext(browser, { locale: 'en-GB' })
    const page = await guest.newPage()
    await shoot(page, 'unsubscribe', () => page.goto(link!))
    // Unsubscribing again changes nothing: each view clicks.
    await shoot(page, 'unsubscribe-done', async () => {
      await page.goto(link!)
      await page.getByRole('button', { name: /^(Unsubscribe|Отписаться)$/ }).click()
      await expect(page.getByText(/^(Done|Готово):/)).toBeVisible()
    })
    await guest.close()
  })
})
