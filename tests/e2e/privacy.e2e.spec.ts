import { readFile } from 'node:fs/promises'

import { expect } from '@playwright/test'
import { strFromU8, unzipSync } from 'fflate'

import { settled } from './settled'
import { createAccount, mailsTo, seriousViolations, signInThroughApi, test } from './support'

/**
 * "Download my data" (src/app/(frontend)/[locale]/(inner)/profile/privacy): a member asks for
 * the archive, watches it being built by the instance's queue, is mailed, downloads it once, and
 * finds their account in it; in Russian at a laptop's width, in English on a phone.
 */
test('a member asks for their data, is mailed when it is ready, and downloads it once', async ({
  page,
  request,
}) => {
  const account = await createAccount(request)
  await signInThroughApi({ page, login: account.login, password: account.password })
  await page.goto('/profile')
  await page.getByRole('link', { name: 'Мои данные: скачать всё, что сайт хранит о вас' }).click()
  await expect(page).toHaveURL(/\/profile\/privacy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Мои данные' })).toBeVisible()
  await expect(page.getByText('Ссылка на скачивание работает один раз, 24 часа')).toBeVisible()
  // How long each kind of record is kept, as on the privacy policy.
  await expect(
    page
      .getByRole('region', { name: 'Сколько мы храним данные' })
      .locator('[data-kind="dataArchives"]'),
  ).toHaveText('Архив ваших данных: пока вы его не скачаете, но не дольше чем 1 день.')
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole('button', { name: 'Запросить мои данные' }).click()
  await expect(page.locator('[data-state="pending"]')).toContainText('Готовим ваш архив')
  // The instance's queue builds it within seconds; the page follows by itself.
  await expect(page.locator('[data-state="ready"]')).toContainText('Архив готов', {
    timeout: 30_000,
  })
  // After the sign-up's code, the archive's notice.
  const mail = (await mailsTo({ to: account.email, count: 2 }))[1]
  expect(mail.subject).toBe('Obzor: архив ваших данных готов')
  expect(mail.text).toContain('/ru/profile/privacy')

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Скачать архив' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^obzor-data-\d+-\d{4}-\d{2}-\d{2}\.zip$/)
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)))
  expect(JSON.parse(strFromU8(files['account.json'])).account).toMatchObject({
    username: account.login,
    email: account.email,
    displayName: account.displayName,
  })
  expect(strFromU8(files['README.txt'])).toContain('Пароли, коды и секретные ключи')
  await expect(page.locator('[data-state="downloaded"]')).toContainText('Вы скачали архив')

  // In English on a phone: the spent state, and a new request offered.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/en/profile/privacy')
  await settled(page)
  await expect(page.locator('[data-state="downloaded"]')).toContainText(
    'You downloaded your archive on',
  )
  await expect(page.getByRole('button', { name: 'Request a new archive' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await seriousViolations(page), 'dark').toEqual([])
})

test('the privacy page sends a guest to sign in and back', async ({ page }) => {
  await page.goto('/en/profile/privacy')
  await expect(page).toHaveURL(/\/en\/signin\?/)
})

test('the privacy policy says how long each kind of record is kept and what deletion does, in both languages', async ({
  page,
}) => {
  await page.goto('/informations/privacy')
  const periods = page.getByRole('region', { name: 'Сколько мы храним данные' })
  await expect(periods.locator('[data-kind="securityLog"]')).toHaveText(
    'Журнал безопасности (входы, неудачные попытки, изменения аккаунта): 365 дней.',
  )
  await expect(periods.getByRole('link', { name: '«Мои данные»' })).toHaveAttribute(
    'href',
    '/profile/privacy',
  )
  expect(await seriousViolations(page)).toEqual([])
  await page.goto('/en/informations/privacy')
  await expect(
    page
      .getByRole('region', { name: 'How long we keep what' })
      .locator('[data-kind="heldReviews"]'),
  ).toHaveText('Reviews held for moderation and never approved: 90 days.')
  // An editors' page without a summary is described by its first paragraph.
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/)
  // And what deleting an account removes and keeps, as the deletion does.
  const deletion = page.getByRole('region', { name: 'What deleting an account does' })
  await expect(deletion.getByTestId('deletion-kept')).toContainText(
    'Chat messages, shown as from "a deleted member".',
  )
})
