import { expect } from '@playwright/test'

import { blocksToLexical } from '@/seed/lexical'

import { editorToken, shoot, test, unique } from '../e2e/support'

/**
 * The news: both lists, a seeded article (pictures, headings, lists, a quote, links), an English
 * page showing an item that has only its Russian text, the home page's news section and a search
 * that finds an item.
 */
const ARTICLE = '/news/two-factor-sign-in'

test.describe('news', () => {
  let russianOnly: string

  test.beforeAll(async ({ request }) => {
    // Every seeded item has both languages: an untranslated one is added, as an editor would.
    const created = await request.post('/api/news?locale=ru', {
      headers: { Authorization: `JWT ${await editorToken(request)}` },
      data: {
        title: `Только по-русски ${unique()}`,
        excerpt: 'Анонс новости, которую ещё не перевели.',
        content: blocksToLexical([
          { h2: 'Раздел новости' },
          { p: 'Подробности на [сайте проекта](https://example.org/news).' },
          { ul: ['Первый пункт', 'Второй пункт'] },
          { quote: 'Цитата редакции' },
        ]),
        _status: 'published',
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    russianOnly = ((await created.json()) as { doc: { slug: string } }).doc.slug
  })

  test('the lists', async ({ page }) => {
    await shoot(page, 'list-ru', () => page.goto('/news'))
    await shoot(page, 'list-en', () => page.goto('/en/news'))
  })

  test('an article', async ({ page }) => {
    await shoot(page, 'article-ru', () => page.goto(ARTICLE))
    await shoot(page, 'article-en', () => page.goto(`/en${ARTICLE}`))
    await shoot(page, 'article-en-untranslated', () => page.goto(`/en/news/${russianOnly}`))
  })

  test('the home page and a search', async ({ page }) => {
    await shoot(page, 'home-ru', () => page.goto('/'))
    await shoot(page, 'search-en', () => page.goto('/en/search?q=two-factor'))
  })
})
