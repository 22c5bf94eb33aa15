import { type APIRequestContext, type Page, expect } from '@playwright/test'

import { blocksToLexical } from '@/seed/lexical'

import { editorToken, seriousViolations, settled, test, unique } from './support'

/**
 * News on the public site: the list shows what is published and not a draft, the article shows
 * its rich text and date, the feeds in both languages hold it, an untranslated item says so in
 * English, and axe finds nothing serious on an article in either theme. The items are written
 * as an editor through Payload's REST API, as the admin does.
 */
/** A document with a heading, a paragraph with an outside link, a list and a quote. */
const richText = (heading: string) =>
  blocksToLexical([
    { h2: heading },
    { p: 'Подробности на [сайте проекта](https://example.org/news).' },
    { ul: ['Первый пункт', 'Второй пункт'] },
    { quote: 'Цитата редакции' },
  ])

const createNews = async ({
  request,
  token,
  title,
  status = 'published',
  en,
}: {
  request: APIRequestContext
  token: string
  title: string
  status?: 'draft' | 'published'
  en?: string
}) => {
  const headers = { Authorization: `JWT ${token}` }
  const created = await request.post(
    `/api/news?locale=ru${status === 'draft' ? '&draft=true' : ''}`,
    {
      headers,
      data: {
        title,
        excerpt: `Анонс: ${title}`,
        content: richText(`Раздел ${title}`),
        _status: status,
      },
    },
  )
  expect(created.status(), await created.text()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number; slug: string } }
  if (en) {
    const updated = await request.patch(`/api/news/${doc.id}?locale=en`, {
      headers,
      data: {
        title: en,
        excerpt: `Summary: ${en}`,
        content: richText(`Section ${en}`),
        _status: status,
      },
    })
    expect(updated.ok(), await updated.text()).toBe(true)
  }
  return doc
}

test.describe('news', () => {
  let published: { id: number; slug: string; title: string; en: string }
  let russianOnly: { id: number; slug: string; title: string }
  let draftTitle: string

  test.beforeAll(async ({ request }) => {
    const token = await editorToken(request)
    const id = unique()
    draftTitle = `Черновик ${id}`
    await createNews({ request, token, title: draftTitle, status: 'draft' })
    const title = `Новость ${id}`
    const en = `News item ${id}`
    published = { ...(await createNews({ request, token, title, en })), title, en }
    const onlyRu = `Только по-русски ${id}`
    russianOnly = { ...(await createNews({ request, token, title: onlyRu })), title: onlyRu }
  })

  test('should list the published item and not the draft', async ({ page }) => {
    await page.goto('/news')
    await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible()
    await expect(page.getByRole('link', { name: published.title })).toBeVisible()
    await expect(page.getByText(draftTitle)).toHaveCount(0)
    await page.goto('/en/news')
    await expect(page.getByRole('link', { name: published.en })).toBeVisible()
    // A page past the last one does not exist.
    expect((await page.goto('/news?page=999'))?.status()).toBe(404)
  })

  test('should show the article with its rich text and date', async ({ page }) => {
    await page.goto(`/news/${published.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: published.title })).toBeVisible()
    await expect(
      page.getByRole('heading', { level: 2, name: `Раздел ${published.title}` }),
    ).toBeVisible()
    await expect(page.getByRole('listitem').filter({ hasText: 'Второй пункт' })).toBeVisible()
    await expect(page.getByText('Цитата редакции')).toBeVisible()
    const link = page.getByRole('link', { name: 'сайте проекта' })
    await expect(link).toHaveAttribute('href', 'https://example.org/news')
    await expect(link).toHaveAttribute('target', '_blank')
    const time = page.locator('article time').first()
    await expect(time).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/)
    await expect(time).toHaveText(/\d{4}/)
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent()
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
      '@type': 'NewsArticle',
      headline: published.title,
    })
    await expect(page.locator('head link[type="application/rss+xml"]')).toHaveAttribute(
      'href',
      /\/news\/rss\.xml$/,
    )
  })

  test('should hold the item in the feeds of both languages', async ({ request }) => {
    for (const [path, title, language] of [
      ['/news/rss.xml', published.title, 'ru-RU'],
      ['/en/news/rss.xml', published.en, 'en'],
    ] as const) {
      const feed = await request.get(path)
      expect(feed.status()).toBe(200)
      expect(feed.headers()['content-type']).toBe('application/rss+xml; charset=utf-8')
      const xml = await feed.text()
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/)
      expect(xml).toContain(`<language>${language}</language>`)
      expect(xml).toMatch(/<atom:link href="[^"]+\/news\/rss\.xml" rel="self"/)
      expect(xml).toContain(`<title>${title}</title>`)
      expect(xml).toMatch(new RegExp(`<link>[^<]+/news/${published.slug}</link>`))
      expect(xml).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/)
      expect(xml).not.toContain(draftTitle)
    }
  })

  test('should say when an English page shows the Russian text', async ({ page }) => {
    await page.goto(`/en/news/${russianOnly.slug}`)
    await expect(
      page.getByText('This text has not been translated into English yet; it is shown in Russian.'),
    ).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'ru')
    await expect(page.locator('.article-text')).toHaveAttribute('lang', 'ru')
    await page.goto(`/en/news/${published.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: published.en })).toBeVisible()
    await expect(page.locator('.fallback-note')).toHaveCount(0)
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`should have no serious violation on an article, ${theme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme })
      const check = async (target: Page, path: string) => {
        await target.goto(path)
        await settled(target)
        return seriousViolations(target)
      }
      expect(await check(page, `/en/news/${russianOnly.slug}`)).toEqual([])
      expect(await check(page, `/news/${published.slug}`)).toEqual([])
      expect(await check(page, '/en/news')).toEqual([])
    })
  }
})
