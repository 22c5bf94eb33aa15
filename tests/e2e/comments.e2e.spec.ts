import { type APIRequestContext, expect } from '@playwright/test'

import { blocksToLexical } from '@/seed/lexical'

import { editorToken, startSignedIn, test, unique } from './support'

/**
 * Comments under a news item: a guest is asked to log in, the list shows ten at a time (spec §9)
 * until all are shown, and a signed-in user writes, edits and deletes a comment. The articles and
 * the 23 comments are written through Payload's REST API as the editor (editors have no rate
 * limit on comments).
 */
const richText = (value: string) => blocksToLexical([{ p: value }])

const editorHeaders = async (request: APIRequestContext) => ({
  Authorization: `JWT ${await editorToken(request)}`,
})

const createNews = async (request: APIRequestContext, headers: Record<string, string>) => {
  const id = unique()
  const created = await request.post('/api/news?locale=ru', {
    headers,
    data: { title: `Обсуждение ${id}`, content: richText('Текст новости.'), _status: 'published' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number; slug: string } }
  const updated = await request.patch(`/api/news/${doc.id}?locale=en`, {
    headers,
    data: { title: `Discussion ${id}`, content: richText('News text.'), _status: 'published' },
  })
  expect(updated.ok(), await updated.text()).toBe(true)
  return doc
}

test.describe('comments', () => {
  let busy: { id: number; slug: string }
  let quiet: { id: number; slug: string }

  test.beforeAll(async ({ request }) => {
    const headers = await editorHeaders(request)
    busy = await createNews(request, headers)
    quiet = await createNews(request, headers)
    for (let i = 1; i <= 23; i += 1) {
      const added = await request.post('/api/comments', {
        headers,
        data: { news: busy.id, text: `Comment number ${i}` },
      })
      expect(added.status(), await added.text()).toBe(201)
    }
  })

  test('should ask a guest to log in', async ({ page }) => {
    await page.goto(`/en/news/${quiet.slug}`)
    const comments = page.getByRole('region', { name: /^Comments/ })
    await expect(comments.getByRole('link', { name: 'Log in to comment' })).toHaveAttribute(
      'href',
      `/en/signin?next=${encodeURIComponent(`/en/news/${quiet.slug}`)}`,
    )
    await expect(comments.getByText('No comments yet')).toBeVisible()
    await expect(comments.getByLabel('Your comment')).toHaveCount(0)
  })

  test('should load comments ten at a time', async ({ page }) => {
    await page.goto(`/en/news/${busy.slug}`)
    const comments = page.getByRole('region', { name: /^Comments/ })
    await expect(comments.getByRole('heading', { name: 'Comments (23)' })).toBeVisible()
    const items = comments.getByRole('article')
    await expect(items).toHaveCount(10)
    await expect(items.first()).toContainText('Comment number 23')
    const more = comments.getByRole('button', { name: 'Show more comments' })
    await more.click()
    await expect(items).toHaveCount(20)
    // Focus moves to the first comment of the new step, and the step is announced.
    await expect(items.nth(10)).toBeFocused()
    await expect(items.nth(10)).toContainText('Comment number 13')
    await expect(comments.getByText('10 more comments loaded.')).toBeAttached()
    await more.click()
    await expect(items).toHaveCount(23)
    await expect(items.last()).toContainText('Comment number 1')
    await expect(more).toHaveCount(0)
    const texts = await items.allTextContents()
    expect(new Set(texts).size).toBe(23)
  })

  test('should let a user comment, edit and delete', async ({ page }) => {
    await startSignedIn({ page, login: 'user' })
    await page.goto(`/en/news/${quiet.slug}`)
    const comments = page.getByRole('region', { name: /^Comments/ })
    const field = comments.getByLabel('Your comment')
    await field.fill('Thanks for the news!\nDetails at https://example.org/more.')
    await expect(comments.getByText('57 of 2000 characters')).toBeVisible()
    await comments.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByText('Comment posted.')).toBeVisible()
    await expect(field).toHaveValue('')
    const item = comments.getByRole('article')
    await expect(item).toHaveCount(1)
    await expect(item).toContainText('Thanks for the news!')
    await expect(comments.getByRole('heading', { name: 'Comments (1)' })).toBeVisible()
    const link = item.getByRole('link', { name: 'https://example.org/more' })
    await expect(link).toHaveAttribute('href', 'https://example.org/more')
    await expect(link).toHaveAttribute('rel', /noopener/)

    await item.getByRole('button', { name: 'Edit' }).click()
    await item.getByLabel('Comment text').fill('Thanks, edited.')
    await item.getByRole('button', { name: 'Save' }).click()
    await expect(item).toContainText('Thanks, edited.')
    await expect(item.locator('.comment-edited')).toHaveText(/edited/)

    await item.getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Comment deleted.')).toBeVisible()
    await expect(comments.getByText('No comments yet')).toBeVisible()
  })
})
