import { type Payload, createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CACHE_TAGS } from '@/server/cacheTags'
import { expiredTagsOf } from '@/server/publicCache'
import { plainToRichText } from '@/server/richText'

import { createArticle } from '../helpers/content'
import { createMember } from '../helpers/directory'
import { makeDue, runJob } from '../helpers/jobs'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload
let editor: Awaited<ReturnType<typeof createMember>>
let member: Awaited<ReturnType<typeof createMember>>

beforeAll(async () => {
  payload = await startPayload()
  editor = await createMember({ payload, role: 'editor' })
  member = await createMember({ payload })
})

afterAll(releasePayload)

const article = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  content: plainToRichText(`${title}: text.`),
  ...extra,
})

describe('who writes the content', () => {
  it.each(['news', 'posts', 'pages', 'faqs'] as const)(
    'should let an editor publish %s and refuse members and guests on REST and GraphQL',
    async (collection) => {
      const data =
        collection === 'faqs'
          ? { question: 'Как это работает?', answer: plainToRichText('Так.'), category: 'general' }
          : article('Проверка доступа')
      const byEditor = await rest('POST', `/${collection}`, {
        body: { ...data, _status: 'published' },
        token: editor.token,
      })
      expect(byEditor.status).toBe(201)
      expect(byEditor.json.doc.slug).toMatch(/^[a-z0-9-]+$/)
      for (const token of [member.token, undefined]) {
        const refused = await rest('POST', `/${collection}`, { body: data, token })
        expect(refused.status).toBe(403)
        const edit = await rest('PATCH', `/${collection}/${byEditor.json.doc.id}`, {
          body: { slug: 'taken-over' },
          token,
        })
        expect(edit.status).toBe(403)
        const removal = await rest('DELETE', `/${collection}/${byEditor.json.doc.id}`, { token })
        expect(removal.status).toBe(403)
      }
      const mutation =
        collection === 'faqs'
          ? 'createFaq'
          : `create${collection === 'news' ? 'News' : collection === 'posts' ? 'Post' : 'Page'}`
      const viaGraphql = await graphql(
        `mutation { ${mutation}(data: { ${collection === 'faqs' ? 'question: "Q", category: general, slug: "q"' : 'title: "Hacked", slug: "hacked"'} }) { id } }`,
        { token: member.token },
      )
      expect(JSON.stringify(viaGraphql.json?.errors ?? [])).toMatch(/not allowed|Forbidden/i)
    },
  )

  it('should keep a slug unique and well-formed, and make one from a Russian title', async () => {
    const first = await createArticle({ payload, title: 'Двухфакторный вход уже здесь' })
    expect(first.slug).toBe('dvuhfaktornyj-vhod-uzhe-zdes')
    const second = await createArticle({ payload, title: 'Двухфакторный вход уже здесь' })
    expect(second.slug).toBe('dvuhfaktornyj-vhod-uzhe-zdes-2')
    const taken = await rest('POST', '/news', {
      body: { ...article('Другая'), slug: first.slug },
      token: editor.token,
    })
    expect(taken.status).toBe(400)
    const malformed = await rest('POST', '/news', {
      body: { ...article('Другая'), slug: 'no spaces/or slashes' },
      token: editor.token,
      headers: { 'Accept-Language': 'en' },
    })
    expect(malformed.status).toBe(400)
    expect(JSON.stringify(malformed.json)).toContain('Latin letters, digits and hyphens')
  })
})

describe('drafts stay behind', () => {
  it('should hide a draft from guests and members on REST, GraphQL and versions', async () => {
    const draft = await createArticle({ payload, status: 'draft', title: 'Черновик секретный' })
    for (const token of [undefined, member.token]) {
      expect((await rest('GET', `/news/${draft.id}`, { token })).status).toBe(404)
      expect((await rest('GET', `/news/${draft.id}?draft=true`, { token })).status).toBe(404)
      const list = await rest('GET', `/news?where[slug][equals]=${draft.slug}&draft=true`, {
        token,
      })
      expect(list.json.docs).toEqual([])
      const versions = await rest('GET', `/news/versions?where[parent][equals]=${draft.id}`, {
        token,
      })
      expect(versions.status).toBe(403)
      const viaGraphql = await graphql(
        `{ allNews(where: { slug: { equals: "${draft.slug}" } }, draft: true) { docs { title } } }`,
        { token },
      )
      const found = viaGraphql.json as { data?: { allNews?: { docs?: unknown[] } } } | null
      expect(found?.data?.allNews?.docs ?? []).toEqual([])
    }
    expect(
      (await rest('GET', `/news/${draft.id}?draft=true`, { token: editor.token })).status,
    ).toBe(200)
    const versions = await rest('GET', `/news/versions?where[parent][equals]=${draft.id}`, {
      token: editor.token,
    })
    expect(versions.json.totalDocs).toBeGreaterThan(0)
  })

  it('should show the published text while a newer draft waits', async () => {
    const live = await createArticle({ payload, title: 'Опубликованный заголовок' })
    const edited = await rest('PATCH', `/news/${live.id}?draft=true`, {
      body: { title: 'Заголовок в черновике', _status: 'draft' },
      token: editor.token,
    })
    expect(edited.status).toBe(200)
    for (const query of ['', '?draft=true']) {
      const seen = await rest('GET', `/news/${live.id}${query}`)
      expect([seen.status, seen.json.title]).toEqual([200, 'Опубликованный заголовок'])
    }
  })

  it('should publish a scheduled item only once its time has come', async () => {
    const draft = await createArticle({ payload, status: 'draft', title: 'Запланированная' })
    const job = await payload.jobs.queue({
      task: 'schedulePublish',
      waitUntil: new Date(Date.now() + 60_000),
      input: { type: 'publish', doc: { relationTo: 'news', value: draft.id } },
    })
    // The queue's runner for this job only (the worker's database holds other files' jobs): left
    // waiting before its time, run once its time has come, without waiting for it.
    await runJob({ payload, id: job.id })
    expect((await rest('GET', `/news/${draft.id}`)).status).toBe(404)
    await makeDue({ payload, id: job.id })
    await runJob({ payload, id: job.id })
    const published = await rest('GET', `/news/${draft.id}`)
    expect([published.status, published.json._status]).toEqual([200, 'published'])
    expect(published.json.publishedAt).toBeTruthy()
  })
})

describe('the editor in the admin', () => {
  it("should keep users' private fields and other collections from an editor", async () => {
    const other = await rest('GET', `/users/${member.user.id}`, { token: editor.token })
    expect(other.json.email).toBeUndefined()
    const people = await rest('GET', '/users?limit=5', { token: editor.token })
    for (const doc of people.json.docs ?? []) {
      if (doc.id !== editor.user.id) expect(doc.email).toBeUndefined()
    }
    for (const collection of ['contact-messages', 'review-reports', 'attachments']) {
      const list = await rest('GET', `/${collection}`, { token: editor.token })
      expect(list.status === 403 || list.json.totalDocs === 0).toBe(true)
    }
  })

  it('should date an article when it is first published and keep the date after', async () => {
    const draft = await createArticle({ payload, status: 'draft' })
    expect(draft.publishedAt ?? null).toBeNull()
    const published = await payload.update({
      collection: 'news',
      id: draft.id,
      data: { _status: 'published' },
    })
    expect(published.publishedAt).toBeTruthy()
    const edited = await payload.update({
      collection: 'news',
      id: draft.id,
      data: { title: 'Исправленный заголовок' },
    })
    expect(edited.publishedAt).toBe(published.publishedAt)
  })
})

describe('what a publish expires', () => {
  it('should expire the article, its list and home for news, and nothing for a draft', async () => {
    const req = await createLocalReq({}, payload)
    const draft = await payload.create({
      collection: 'posts',
      draft: true,
      data: { ...article('Пост в работе'), _status: 'draft' },
      req,
    })
    expect(expiredTagsOf(req)).toEqual([])
    await payload.update({
      collection: 'posts',
      id: draft.id,
      data: { _status: 'published', slug: 'post-v-rabote-final' },
      req,
    })
    expect(expiredTagsOf(req)).toEqual(
      expect.arrayContaining([
        CACHE_TAGS.contentList('posts'),
        CACHE_TAGS.contentItem('posts', 'post-v-rabote-final'),
        CACHE_TAGS.contentItem('posts', String(draft.slug)),
      ]),
    )
    expect(expiredTagsOf(req)).not.toContain(CACHE_TAGS.home)

    const newsReq = await createLocalReq({}, payload)
    const news = await createArticle({ payload })
    await payload.update({
      collection: 'news',
      id: news.id,
      data: { _status: 'draft' },
      req: newsReq,
    })
    expect(expiredTagsOf(newsReq)).toEqual(
      expect.arrayContaining([CACHE_TAGS.home, CACHE_TAGS.contentItem('news', String(news.slug))]),
    )
  })
})
