import { type Page, expect } from '@playwright/test'

import { queryOwnDatabase } from './instances'
import { settled, trackRequests } from './settled'
import { startSignedIn, test, unique } from './support'

/**
 * The editors' admin: scheduling a news item that appears on the site at its time, an incomplete
 * draft refused at scheduling with what is missing, "Create" leaving nothing behind, a refusal
 * in the admin's language whatever the site's, and dates that read as Russian. (The e2e server looks for due jobs every 5 seconds: tests/e2e/server.ts.)
 */

const MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
]
const RUSSIAN_DATE =
  /\d{1,2} (января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря) \d{4}, \d{2}:\d{2}/

/** «25 ноября 2026, 19:19»: the admin's date format (payload.config), in the browser's time. */
const russianDate = (date: Date) =>
  `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${String(
    date.getHours(),
  ).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`

/**
 * Writes `text` into the form's (one) Lexical editor, still empty, before any other field. The
 * editor hands its text to the form when the browser is idle, and the form then sends its state
 * to the server to be checked: that request, the form's first, holding the whole text, says the
 * form has it (a save before then would go without it). Inserted at once, the text is one change:
 * typed key by key, the form could send a part of it first, and the request with the whole would
 * wait for that one's answer.
 */
const writeRichText = async (page: Page, text: string) => {
  const editor = page.locator('[data-lexical-editor="true"]').first()
  await expect(editor).toHaveText('')
  const taken = page.waitForRequest(
    (request) => request.method() === 'POST' && (request.postData() ?? '').includes(text),
  )
  await editor.click()
  await page.keyboard.insertText(text)
  await expect(editor).toContainText(text)
  await taken
}

/** Writes a draft in the create view and saves it as a draft: the document's edit view opens. */
const saveDraft = async (page: Page, { title, text }: { title: string; text?: string }) => {
  await page.goto('/admin/collections/news/create?locale=ru')
  if (text) await writeRichText(page, text)
  await page.locator('#field-title').fill(title)
  await page.locator('#action-save-draft').click()
  await expect(page).toHaveURL(/\/admin\/collections\/news\/\d+/)
}

/** Opens "Schedule publish" from the Publish button's menu and sets its time. */
const schedule = async (page: Page, when: Date) => {
  await page.locator('#action-save-popup').getByRole('button').first().click()
  await page.locator('#schedule-publish').click()
  const drawer = page.locator('.schedule-publish')
  await expect(drawer).toBeVisible()
  // Opened from "Publish", it publishes.
  await expect(drawer.getByRole('radio', { name: 'Публиковать' })).toBeChecked()
  await expect(drawer.getByRole('radio', { name: 'Отменить публикацию' })).not.toBeChecked()
  const time = drawer.locator('#time input, input#time').first()
  await time.fill(russianDate(when))
  await time.press('Enter')
  await drawer.locator('#scheduled-publish-save').click()
  return drawer
}

/**
 * Brings the waiting scheduled publication of a document to now, as if its time had come; the
 * number of jobs moved.
 */
const bringScheduledPublicationForward = async ({
  collection,
  id,
}: {
  collection: string
  id: number
}) => {
  const { rowCount } = await queryOwnDatabase(
    `UPDATE payload_jobs SET wait_until = now()
      WHERE task_slug = 'schedulePublish' AND completed_at IS NULL
        AND input -> 'doc' ->> 'relationTo' = $1 AND input -> 'doc' ->> 'value' = $2`,
    [collection, String(id)],
  )
  return rowCount
}

const draftCount = async (page: Page) => {
  const answer = await page.request.get('/api/news?draft=true&limit=1&depth=0')
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { totalDocs: number }).totalDocs
}

test('opening "Create" three times leaves no empty draft behind', async ({ page }) => {
  await startSignedIn({ page, login: 'editor' })
  const before = await draftCount(page)
  for (let visit = 0; visit < 3; visit += 1) {
    await page.goto('/admin/collections/news/create')
    await expect(page.locator('#field-title')).toBeVisible()
    await expect(page).toHaveURL(/\/news\/create/)
    // The creating label reads as Russian for any collection's name.
    await expect(page.locator('.doc-controls')).toContainText('Создание: Новость')
  }
  await page.goto('/admin/collections/news')
  expect(await draftCount(page)).toBe(before)
})

test('an editor schedules a news item in the admin and it appears on /news at its time', async ({
  page,
}) => {
  const title = `Запланированная новость ${unique()}`
  await startSignedIn({ page, login: 'editor' })
  await saveDraft(page, { title, text: 'Текст, который выйдет в срок.' })
  const id = Number(/\/news\/(\d+)/.exec(page.url())?.[1])

  // An hour ahead: the picker's whole minutes never fall behind the clock while it is set.
  await schedule(page, new Date(Date.now() + 3_600_000))
  await expect(page.locator('.payload-toast-container')).toContainText(/запланирован/i)
  // The drawer lists it, in Russian dates.
  await expect(page.locator('.schedule-publish')).toContainText(RUSSIAN_DATE)

  // Not yet on the site…
  await page.goto('/news')
  await expect(page.getByRole('link', { name: title })).toHaveCount(0)
  // …and there once its time has come, with no one doing anything: the clock is moved on to it
  // (the job's time brought to now) instead of waited for, and the app's queue (every 5 seconds
  // here) publishes it. The list seen above stays cached for a minute unless the publication
  // expires it, as it must.
  expect(await bringScheduledPublicationForward({ collection: 'news', id })).toBe(1)
  await expect(async () => {
    await page.goto('/news')
    await expect(page.getByRole('link', { name: title })).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
})

test('an editor who schedules an incomplete draft is refused with what is missing', async ({
  page,
}) => {
  const title = `Неполный черновик ${unique()}`
  await startSignedIn({ page, login: 'editor' })
  await saveDraft(page, { title })
  const drawer = await schedule(page, new Date(Date.now() + 3_600_000))
  const toast = page.locator('.payload-toast-container')
  await expect(toast).toContainText('Запланировать публикацию нельзя')
  await expect(toast).toContainText('Текст')
  await expect(drawer).toContainText(/Нет запланированных|нет/i)
})

test('an editor who reads the site in English is refused in the admin’s Russian', async ({
  page,
}) => {
  await startSignedIn({ page, login: 'editor' })
  await page.goto('/en')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.goto('/admin/collections/news/create?locale=ru')
  await writeRichText(page, 'Текст новости.')
  await page.locator('#field-title').fill(`Новость с плохим адресом ${unique()}`)
  trackRequests(page.context())
  await page.locator('#field-slug').fill('Плохой адрес!')
  // The form's state after the typing comes back before the save: an answer that came after the
  // save's would replace the refused form (and its field's message) with the unsaved one.
  await settled(page)
  await page.locator('#action-save').click()
  const refusal = 'Адрес может содержать только латинские буквы, цифры и дефисы.'
  await expect(page.locator('.payload-toast-container')).toContainText('Следующее поле')
  await expect(page.locator('.field-type.slug, #field-slug').first()).toBeVisible()
  await expect(page.getByText(refusal).first()).toBeVisible()
  await expect(page.locator('body')).not.toContainText('Latin letters')
  await expect(page).toHaveURL(/\/news\/create/)
})

test('the admin shows dates in Russian', async ({ page }) => {
  await startSignedIn({ page, login: 'editor' })
  await page.goto('/admin/collections/news')
  await expect(page.locator('.collection-list table')).toContainText(RUSSIAN_DATE)
})
