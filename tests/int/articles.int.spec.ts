import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import sitemap from '@/app/sitemap'
import { articleSearchWords, searchArticles } from '@/data/search'
import { articleListViewPath, isArticleListView, isArticlePage } from '@/lib/articleViews'
import { serverUrl } from '@/server/env'
import { buildRss, escapeXml, rfc822 } from '@/server/rss'

import { createArticle } from '../helpers/content'
import { releasePayload, startPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

describe('the RSS builder', () => {
  it('should escape every text and date items in RFC 822', () => {
    const xml = buildRss({
      title: 'News & <views>',
      link: 'https://example.org/news',
      self: 'https://example.org/news/rss.xml?a=1&b=2',
      description: '"Quoted" \u0001text',
      language: 'ru-RU',
      items: [
        {
          title: '</title><script>',
          link: 'https://example.org/news/a',
          description: "It's 5 > 3",
          published: new Date('2026-11-23T10:05:00Z'),
        },
      ],
    })
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true)
    expect(xml).toContain('<title>News &amp; &lt;views&gt;</title>')
    expect(xml).toContain(
      '<atom:link href="https://example.org/news/rss.xml?a=1&amp;b=2" rel="self" type="application/rss+xml"/>',
    )
    expect(xml).toContain('<description>&quot;Quoted&quot; text</description>')
    // An item's title is plain text: what looked like markup is gone, a bare `>` stays a character.
    expect(xml).toContain('<item><title></title>')
    expect(xml).toContain('<description>It&apos;s 5 &gt; 3</description>')
    expect(xml).toContain('<pubDate>Mon, 23 Nov 2026 10:05:00 GMT</pubDate>')
    expect(xml).toContain('<lastBuildDate>Mon, 23 Nov 2026 10:05:00 GMT</lastBuildDate>')
    expect(xml).toContain('<guid isPermaLink="true">https://example.org/news/a</guid>')
    expect(escapeXml("a'b")).toBe('a&apos;b')
    expect(rfc822(new Date(0))).toBe('Thu, 01 Jan 1970 00:00:00 GMT')
  })
})

describe('the list views', () => {
  it('should turn a list page into one internal path and keep that path private', () => {
    const at = (query: string) => articleListViewPath('/news', new URLSearchParams(query))
    expect(at('')).toBe('/news/list-view/1')
    expect(at('page=3&utm=x')).toBe('/news/list-view/3')
    expect(at('page=abc')).toBe('/news/list-view/1')
    expect(articleListViewPath('/posts', new URLSearchParams('page=2'))).toBe('/posts/list-view/2')
    expect(articleListViewPath('/news/some-item', new URLSearchParams())).toBeNull()
    expect(articleListViewPath('/faqs', new URLSearchParams())).toBeNull()
    expect(isArticleListView('/news/list-view/2')).toBe(true)
    expect(isArticleListView('/news/list-views')).toBe(false)
    expect(isArticlePage('/posts/a-post')).toBe(true)
    expect(isArticlePage('/news/rss.xml')).toBe(false)
    expect(isArticlePage('/news/a/b')).toBe(false)
  })
})

describe('finding news and posts', () => {
  it('should read the words of a query for LIKE, its own characters escaped', () => {
    expect(articleSearchWords('  Биржа, BTC 100%_ ')).toEqual(['%биржа%', '%btc%', '%100\\%\\_%'])
    expect(articleSearchWords('  ')).toEqual([])
    // No control character or half a surrogate pair is part of a word (src/lib/searchQuery).
    expect(articleSearchWords('a\u0000b \ud800c')).toEqual(['%ab%', '%c%'])
  })

  it('should find published items by the words of their title or summary in either language', async () => {
    const word = `зебра${Date.now().toString(36)}`
    const news = await createArticle({
      payload,
      title: `Новость про ${word} и биржи`,
      en: { title: `News about ${word} and exchanges`, text: 'English text.' },
    })
    const post = await createArticle({ payload, collection: 'posts', title: `Статья ${word}` })
    await createArticle({ payload, title: `Черновик ${word}`, status: 'draft' })

    const inRussian = await searchArticles({ q: `${word.toUpperCase()} БИРЖИ`, locale: 'ru' })
    expect(inRussian.news.map((item) => item.id)).toEqual([news.id])
    expect(inRussian.news[0].title).toBe(`Новость про ${word} и биржи`)
    expect(inRussian.posts).toEqual([])

    const inEnglish = await searchArticles({ q: `exchanges ${word}`, locale: 'en' })
    expect(inEnglish.news.map((item) => item.id)).toEqual([news.id])
    expect(inEnglish.news[0].title).toBe(`News about ${word} and exchanges`)

    const both = await searchArticles({ q: word, locale: 'en' })
    expect(both.news.map((item) => item.id)).toEqual([news.id])
    expect(both.posts.map((item) => item.id)).toEqual([post.id])
    // A Russian-only post is shown in Russian on the English page, and says so.
    expect(both.posts[0].shown_in).toBe('ru')

    expect(await searchArticles({ q: `${word} nothing`, locale: 'ru' })).toEqual({
      news: [],
      posts: [],
    })
  })
})

describe('the sitemap', () => {
  it('should list the lists, published articles and pages in both languages', async () => {
    const news = await createArticle({ payload, title: `Для карты сайта ${Date.now()}` })
    const draft = await createArticle({ payload, title: 'Черновик карты', status: 'draft' })
    const urls = (await sitemap()).map((entry) => entry.url)
    const base = serverUrl()
    for (const path of [
      '/news',
      '/posts',
      '/faqs',
      '/contacts',
      '/about-us',
      `/news/${news.slug}`,
    ]) {
      expect(urls).toContain(`${base}${path}`)
      expect(urls).toContain(`${base}/en${path}`)
    }
    expect(urls.some((url) => url.endsWith(`/news/${draft.slug}`))).toBe(false)
  })
})
