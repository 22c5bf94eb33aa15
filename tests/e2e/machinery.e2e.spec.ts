import { expect } from '@playwright/test'

import { queryOwnDatabase } from './instances'
import { settled } from './settled'
import {
  adminInLanguage,
  createAccount,
  mailsTo,
  newBrowserContext,
  seriousViolations,
  startSignedIn,
  test,
  tokenOf,
  unique,
} from './support'

/**
 * The admins' machinery screen (src/components/admin/MachineryView.tsx): the queues, the last
 * backup, the link checks, the mail of the day, and the failed jobs with a retry, in both of the
 * admin's languages and at a phone's width; refused to everyone else.
 */
const SCREEN = '/admin/system'

/** A mail the runner gave up on, as it leaves one in the database. */
const failedMail = async () => {
  const to = `retried${unique()}@example.com`
  const subject = `Письмо, которое не ушло ${unique()}`
  const { rows } = await queryOwnDatabase(
    `INSERT INTO payload_jobs (task_slug, queue, input, has_error, error, total_tried, processing)
      VALUES ('sendEmail', 'email', $1, true, $2, 5, false) RETURNING id`,
    [
      JSON.stringify({ message: { to, subject, text: 'Текст письма.' } }),
      JSON.stringify({ message: '550 mailbox unavailable' }),
    ],
  )
  return { id: Number(rows[0].id), to, subject }
}

test('an admin finds a failed mail on the machinery screen, retries it, and it is sent', async ({
  page,
}) => {
  const mail = await failedMail()
  await startSignedIn({ page, login: 'admin' })
  await adminInLanguage(page, 'ru')
  await page.goto('/admin')
  // Linked from the navigation (folded away at this width: its link is followed).
  await expect(page.locator('#nav-machinery')).toHaveAttribute('href', SCREEN)
  await page.goto(SCREEN)
  await expect(page.getByRole('heading', { level: 1, name: 'Состояние системы' })).toBeVisible()
  for (const card of ['Последняя резервная копия', 'Проверка ссылок', 'Почта за сутки']) {
    await expect(page.getByRole('heading', { level: 2, name: card })).toBeVisible()
  }
  // Nothing has been backed up in this instance: the card says so, in the alert's colours.
  const backup = page.getByRole('region', { name: 'Последняя резервная копия' })
  await expect(backup).toContainText('Резервных копий ещё не было')
  await expect(backup).toHaveAttribute('data-alert', 'true')
  await expect(page.getByRole('region', { name: 'Почта за сутки' })).toContainText(
    /не удалось отправить/,
  )
  await expect(page.locator('tr[data-queue="email"]')).toContainText('Почта')

  const row = page.locator(`tr[data-job="${mail.id}"]`)
  await expect(row).toContainText('Письмо')
  await expect(row).toContainText(`Кому: ${mail.to} — «${mail.subject}»`)
  await expect(row).toContainText('550 mailbox unavailable')
  expect(await seriousViolations(page)).toEqual([])

  await row.getByRole('button', { name: 'Повторить' }).click()
  await expect(page.locator('.payload-toast-container')).toContainText(
    `Задание № ${mail.id} снова в очереди.`,
  )
  await expect(row).toHaveCount(0)
  // The instance's runner takes the copy within seconds, and the mail goes out once.
  const [sent] = await mailsTo({ to: mail.to })
  expect(sent.subject).toBe(mail.subject)

  // In English, and on a phone: each row a block, nothing wider than the screen.
  await adminInLanguage(page, 'en')
  await page.setViewportSize({ width: 390, height: 844 })
  const other = await failedMail()
  await page.goto(SCREEN)
  await settled(page)
  await expect(page.getByRole('heading', { level: 1, name: 'System status' })).toBeVisible()
  const phoneRow = page.locator(`tr[data-job="${other.id}"]`)
  await expect(phoneRow).toContainText(`To ${other.to}`)
  await expect(phoneRow.getByRole('button', { name: 'Retry' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.reload()
  await expect(phoneRow).toBeVisible()
  expect(await seriousViolations(page), 'dark').toEqual([])
  await queryOwnDatabase('DELETE FROM payload_jobs WHERE id = $1', [other.id])
})

test('the machinery screen is refused to editors and members, and sends guests to sign in', async ({
  request,
  browser,
  baseURL,
}) => {
  const mail = await failedMail()
  const member = await createAccount(request)
  for (const token of [
    await tokenOf(request, 'editor', 'demo12345'),
    await tokenOf(request, member.login, member.password),
  ]) {
    const answer = await request.get(SCREEN, { headers: { Authorization: `JWT ${token}` } })
    expect(answer.status()).toBe(404)
    expect(await answer.text()).not.toContain(mail.to)
  }
  const guest = await newBrowserContext(browser)
  const page = await guest.newPage()
  await page.goto(`${baseURL}${SCREEN}`)
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fsystem/)
  await guest.close()
  await queryOwnDatabase('DELETE FROM payload_jobs WHERE id = $1', [mail.id])
})
