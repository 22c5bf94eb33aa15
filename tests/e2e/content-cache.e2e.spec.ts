import { type APIRequestContext, expect } from '@playwright/test'

import { blocksToLexical } from '@/seed/lexical'

import { queryOwnDatabase } from './instances'
import { editorToken, test, unique } from './support'

/**
 * The editors' content and the page cache: a news item that goes out at its scheduled time, or
 * whose address was asked for before it was published, shows at the first visit after, as any
 * other write does (hooks/content/expireContentPages.ts). Each item is the test's own; the
 * pages are visited before, so that they are in the cache.
 */

const draftNews = async (request: APIRequestContext, token: string) => {
  const title = `Новость в срок ${unique()}`
  const created = await request.post('/api/news?locale=ru&draft=true', {
    headers: { Authorization: `JWT ${token}` },
    data: { title, content: blocksToLexical([{ p: 'Текст новости.' }]), _status: 'draft' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number; slug: string } }
  return { ...doc, title }
}

/** Whether the item is published (and committed), as Payload's REST API reads it. */
const isPublished = async (request: APIRequestContext, id: number) => {
  const answer = await request.get(`/api/news/${id}?depth=0`)
  return answer.ok() && ((await answer.json()) as { _status?: string })._status === 'published'
}

test.describe('the page cache under content', () => {
  test('should show a scheduled news item on /news and the home page at the first visit after it goes out', async ({
    request,
  }) => {
    const token = await editorToken(request)
    const item = await draftNews(request, token)
    const scheduled = await request.post('/api/payload-jobs', {
      headers: { Authorization: `JWT ${token}` },
      data: {
        taskSlug: 'schedulePublish',
        waitUntil: new Date(Date.now() + 3_600_000).toISOString(),
        input: { type: 'publish', doc: { relationTo: 'news', value: String(item.id) } },
      },
    })
    expect(scheduled.status(), await scheduled.text()).toBe(201)
    // Both pages are in the cache, as they were (fresh or past their 60 s, either way served
    // without rendering unless the publication expires them), and so is the item's own address,
    // "not found" until then.
    for (const path of ['/news', '/']) {
      await request.get(path)
      expect((await request.get(path)).headers()['x-nextjs-cache']).toMatch(/HIT|STALE/)
    }
    const own = `/news/${item.slug}`
    expect((await request.get(own)).status()).toBe(404)
    expect((await request.get(own)).status()).toBe(404)

    // Its time comes (moved to now rather than waited for); the app's queue (every 5 s here)
    // publishes it.
    await queryOwnDatabase(
      `UPDATE payload_jobs SET wait_until = now()
        WHERE task_slug = 'schedulePublish' AND input -> 'doc' ->> 'value' = $1`,
      [String(item.id)],
    )
    await expect.poll(() => isPublished(request, item.id), { timeout: 15_000 }).toBe(true)

    // One visit each, no retry: the first reader sees it.
    for (const path of ['/news', '/', own]) {
      const page = await request.get(path)
      expect(page.status(), path).toBe(200)
      expect((await page.text()).includes(item.title), `${path} shows it`).toBe(true)
    }
  })

  test('should show a news item at its address once published, though the address answered 404 before', async ({
    request,
  }) => {
    const token = await editorToken(request)
    const item = await draftNews(request, token)
    const path = `/news/${item.slug}`
    // Asked for twice before it is published: the "not found" the cache may keep.
    expect((await request.get(path)).status()).toBe(404)
    expect((await request.get(path)).status()).toBe(404)

    const published = await request.patch(`/api/news/${item.id}?locale=ru`, {
      headers: { Authorization: `JWT ${token}` },
      data: { _status: 'published' },
    })
    expect(published.status(), await published.text()).toBe(200)

    const page = await request.get(path)
    expect(page.status()).toBe(200)
    expect((await page.text()).includes(item.title), `${path} shows it`).toBe(true)
  })
})
