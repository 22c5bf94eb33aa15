import { type Page, expect } from '@playwright/test'

import { startSignedIn, test } from './support'

/**
 * The editor's whole journey in the Payload admin: a news item written in Russian and in English,
 * published, and on the site at once in both languages and in the feeds, with no restart; then
 * unpublished, and gone again.
 */

const stamp = () => Date.now().toString(36)

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

/** Publishes the open document and waits for Payload to say it is saved. */
const publish = async (page: Page) => {
  await page.locator('#action-save').click()
  await expect(page.locator('.payload-toast-container')).toContainText(
    /Сохранено|Создано|успешно|successfully/i,
  )
}

test('an editor writes a news item in both languages and publishes it to the site', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const tag = stamp()
  const ru = { title: `Новая функция ${tag}`, text: `Теперь на сайте есть новости ${tag}.` }
  const en = { title: `A new feature ${tag}`, text: `The site now has news ${tag}.` }

  await startSignedIn({ page, login: 'editor' })

  // The editor's admin offers the content collections.
  await page.goto('/admin')
  await expect(page.locator('aside.nav')).toContainText('Новости')
  await expect(page.locator('aside.nav')).toContainText('Вопросы и ответы')

  await page.goto('/admin/collections/news/create?locale=ru')
  await writeRichText(page, ru.text)
  await page.locator('#field-title').fill(ru.title)
  await publish(page)
  await expect(page).toHaveURL(/\/admin\/collections\/news\/\d+/)
  const editUrl = new URL(page.url())

  await page.goto(`${editUrl.pathname}?locale=en`)
  await expect(page.locator('#field-title')).toHaveValue('')
  await writeRichText(page, en.text)
  await page.locator('#field-title').fill(en.title)
  await publish(page)
  const slug = await page.locator('#field-slug').inputValue()
  expect(slug).toMatch(/^novaya-funkciya-/)

  // On the site at once, in both languages, and in both feeds.
  for (const [path, item] of [
    ['/news', ru],
    ['/en/news', en],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('link', { name: item.title })).toBeVisible()
    await page.getByRole('link', { name: item.title }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title)
    await expect(page.locator('main')).toContainText(item.text)
  }
  for (const [feed, item] of [
    ['/news/rss.xml', ru],
    ['/en/news/rss.xml', en],
  ] as const) {
    const response = await page.request.get(feed)
    expect(response.status()).toBe(200)
    expect(await response.text()).toContain(item.title)
  }
  await page.goto('/ru')
  await expect(page.locator('main')).toContainText(ru.title)

  // Unpublished (through the REST door the admin uses): gone from the list, the article 404.
  const id = editUrl.pathname.split('/').pop()
  const unpublished = await page.request.patch(`/api/news/${id}`, {
    data: { _status: 'draft' },
    headers: { Origin: new URL(page.url()).origin },
  })
  expect(unpublished.status()).toBe(200)
  await page.goto('/news')
  await expect(page.getByRole('link', { name: ru.title })).toHaveCount(0)
  expect((await page.request.get(`/news/${slug}`)).status()).toBe(404)
})
