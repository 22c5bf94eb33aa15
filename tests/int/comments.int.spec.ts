import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { plainToRichText } from '@/server/richText'
import type { Comment, User } from '@payload-types'

import { createMember } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { sendRaw } from '../helpers/rawRequests'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }
let counter = 0

/** A news item or post made through the Local API, in both languages. */
const createArticle = async ({
  collection = 'news',
  status = 'published',
}: { collection?: 'news' | 'posts'; status?: 'draft' | 'published' } = {}) => {
  counter += 1
  const title = `Comments ${Date.now().toString(36)} ${counter}`
  // News and posts share their fields: one of them stands for both in the types.
  const doc = await payload.create({
    collection: collection as 'news',
    locale: 'ru',
    data: {
      title: `Новость ${title}`,
      slug: `comments-${Date.now().toString(36)}-${counter}`,
      content: plainToRichText('Текст.'),
      _status: status,
    },
  })
  await payload.update({
    collection: collection as 'news',
    id: doc.id,
    locale: 'en',
    data: { title: `News ${title}`, content: plainToRichText('Text.'), _status: status },
  })
  return doc
}

type Target = { collection: 'news' | 'posts'; id: number }
const targetField = ({ collection, id }: Target) =>
  collection === 'news' ? { news_id: id } : { post_id: id }

/** A comment written past access and the rate limit (the test's own setup). */
const seedComment = ({ target, author, text }: { target: Target; author: User; text: string }) =>
  payload.create({
    collection: 'comments',
    data: {
      ...(target.collection === 'news' ? { news: target.id } : { post: target.id }),
      author: author.id,
      text,
      status: 'published',
    },
  })

const addComment = (token: string | undefined, body: Record<string, unknown>) =>
  rest('POST', '/add-comment', { body, token, headers: english })

const listComments = (
  target: Target,
  { token, before }: { token?: string; before?: number } = {},
) => {
  const query = new URLSearchParams({
    ...Object.fromEntries(Object.entries(targetField(target)).map(([k, v]) => [k, String(v)])),
    ...(before ? { before: String(before) } : {}),
  })
  return rest('GET', `/get-comments?${query}`, { token, headers: english })
}

const stored = (id: number) =>
  payload.findByID({
    collection: 'comments',
    id,
    depth: 0,
    overrideAccess: true,
  }) as Promise<Comment>

/** A published news item, a member who commented on it through the site, and another member. */
const commented = async () => {
  const news = await createArticle()
  const target: Target = { collection: 'news', id: news.id }
  const author = await createMember({ payload })
  const other = await createMember({ payload })
  const added = await addComment(author.token, { news_id: news.id, text: '  First!  ' })
  expect(added.status).toBe(200)
  return {
    news,
    target,
    author,
    other,
    comment: added.json.comment as { id: number; text: string },
  }
}

describe('writing comments', () => {
  it('should publish a trimmed comment with its author’s public face only', async () => {
    const { author, comment, target } = await commented()
    expect(comment).toMatchObject({ text: 'First!', own: true, status: 'published' })
    const list = await listComments(target)
    expect(list.status).toBe(200)
    expect(list.json.total).toBe(1)
    expect(list.json.comments[0]).toMatchObject({ id: comment.id, own: false, edited_at: null })
    expect(Object.keys(list.json.comments[0].author).sort()).toEqual([
      'avatar',
      'display_name',
      'id',
    ])
    expect(list.json.comments[0].author.display_name).toBe(author.user.displayName)
    expect(JSON.stringify(list.json)).not.toContain(author.user.email)
    const mine = await listComments(target, { token: author.token })
    expect(mine.json.comments[0].own).toBe(true)
  })

  it('should comment on posts too', async () => {
    const post = await createArticle({ collection: 'posts' })
    const { token } = await createMember({ payload })
    const added = await addComment(token, { post_id: post.id, text: 'On a post' })
    expect(added.status).toBe(200)
    expect((await stored(added.json.comment.id)).post).toBe(post.id)
  })

  it('should refuse guests through every door', async () => {
    const news = await createArticle()
    const site = await addComment(undefined, { news_id: news.id, text: 'Hello' })
    expect(site.status).toBe(401)
    const viaRest = await rest('POST', '/comments', { body: { news: news.id, text: 'Hello' } })
    expect(viaRest.status).toBe(403)
    const viaGraphql = await graphql(
      `
        mutation ($news: Int!) {
          createComment(data: { news: $news, text: "Hello" }) {
            id
          }
        }
      `,
      { variables: { news: news.id } },
    )
    expect(viaGraphql.json?.errors?.[0]).toBeDefined()
    await expect(
      payload.create({
        collection: 'comments',
        data: { news: news.id, text: 'Hello', author: 1, status: 'published' },
        overrideAccess: false,
      }),
    ).rejects.toThrow()
    const { totalDocs } = await payload.count({
      collection: 'comments',
      where: { news: { equals: news.id } },
    })
    expect(totalDocs).toBe(0)
  })

  it('should refuse a blocked user with “You are blocked.”', async () => {
    const news = await createArticle()
    const member = await createMember({ payload })
    await payload.update({ collection: 'users', id: member.user.id, data: { blocked: true } })
    const site = await addComment(member.token, { news_id: news.id, text: 'Hello' })
    expect([site.status, site.json.message]).toEqual([402, 'You are blocked.'])
    const viaRest = await rest('POST', '/comments', {
      body: { news: news.id, text: 'Hello' },
      token: member.token,
    })
    expect(viaRest.status).toBeGreaterThanOrEqual(400)
    expect(viaRest.status).toBeLessThan(500)
    const viaGraphql = await graphql(
      `
        mutation ($news: Int!) {
          createComment(data: { news: $news, text: "Hello" }) {
            id
          }
        }
      `,
      { variables: { news: news.id }, token: member.token },
    )
    expect(viaGraphql.json?.errors?.[0]).toBeDefined()
    const blocked = await payload.findByID({ collection: 'users', id: member.user.id })
    await expect(
      payload.create({
        collection: 'comments',
        data: { news: news.id, text: 'Hello', author: member.user.id, status: 'published' },
        user: blocked,
        overrideAccess: false,
      }),
    ).rejects.toThrow()
    for (const path of ['/update-comment', '/delete-comment']) {
      const answer = await rest('POST', path, {
        body: { comment_id: 1, text: 'x' },
        token: member.token,
        headers: english,
      })
      expect([answer.status, answer.json.message]).toEqual([402, 'You are blocked.'])
    }
  })

  it('should refuse a comment on a draft, a missing article, or on both kinds at once', async () => {
    const draft = await createArticle({ status: 'draft' })
    const post = await createArticle({ collection: 'posts' })
    const { token, user } = await createMember({ payload })
    const onDraft = await addComment(token, { news_id: draft.id, text: 'Early' })
    expect(onDraft.status).toBe(422)
    expect(onDraft.json.errors.news_id).toEqual([
      'Only a published news item or post can be commented on.',
    ])
    const missing = await addComment(token, { post_id: 2147483000, text: 'Where?' })
    expect(missing.status).toBe(422)
    expect(missing.json.errors.post_id).toBeDefined()
    const both = await addComment(token, { news_id: draft.id, post_id: post.id, text: 'Both' })
    expect(both.status).toBe(422)
    const none = await addComment(token, { text: 'Nowhere' })
    expect(none.status).toBe(422)
    const viaRest = await rest('POST', '/comments', { body: { news: draft.id, text: 'x' }, token })
    expect(viaRest.status).toBe(400)
    await expect(
      payload.create({
        collection: 'comments',
        data: { news: draft.id, text: 'Local', author: user.id, status: 'published' },
        user,
        overrideAccess: false,
      }),
    ).rejects.toThrow()
    const list = await listComments({ collection: 'news', id: draft.id })
    expect(list.status).toBe(404)
  })

  it('should answer 422 per field to an empty or too long text', async () => {
    const news = await createArticle()
    const { token } = await createMember({ payload })
    const empty = await addComment(token, { news_id: news.id, text: '   ' })
    expect(empty.status).toBe(422)
    expect(empty.json.errors.text).toEqual(['This field is required.'])
    const long = await addComment(token, { news_id: news.id, text: 'x'.repeat(2001) })
    expect(long.status).toBe(422)
    expect(Object.keys(long.json.errors)).toEqual(['text'])
    const notText = await addComment(token, { news_id: news.id, text: { $ne: 1 } })
    expect(notText.status).toBe(422)
  })

  it('should hold the per-user rate limit on every door', async () => {
    const news = await createArticle()
    const { token } = await createMember({ payload })
    for (let i = 1; i <= 5; i += 1) {
      expect((await addComment(token, { news_id: news.id, text: `Comment ${i}` })).status).toBe(200)
    }
    const sixth = await addComment(token, { news_id: news.id, text: 'One more' })
    expect(sixth.status).toBe(429)
    expect(sixth.json.message).toBe('You are commenting too often. Wait a minute and try again.')
    const viaRest = await rest('POST', '/comments', {
      body: { news: news.id, text: 'And another' },
      token,
      headers: english,
    })
    expect(viaRest.status).toBe(429)
    const editor = await createMember({ payload, role: 'editor' })
    for (let i = 1; i <= 6; i += 1) {
      const answer = await addComment(editor.token, { news_id: news.id, text: `Editor ${i}` })
      expect(answer.status).toBe(200)
    }
  })
})

describe('changing comments', () => {
  it('should let the author edit their own comment and date the edit', async () => {
    const { author, comment, target } = await commented()
    const edited = await rest('POST', '/update-comment', {
      body: { comment_id: comment.id, text: 'First, edited' },
      token: author.token,
    })
    expect(edited.status).toBe(200)
    expect(edited.json.comment.text).toBe('First, edited')
    expect(edited.json.comment.edited_at).toEqual(expect.any(String))
    const viaRest = await rest('PATCH', `/comments/${comment.id}`, {
      body: { text: 'Through REST' },
      token: author.token,
    })
    expect(viaRest.status).toBe(200)
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          updateComment(id: $id, data: { text: "Through GraphQL" }) {
            text
          }
        }
      `,
      { variables: { id: comment.id }, token: author.token },
    )
    expect(viaGraphql.json?.data?.updateComment).toEqual({ text: 'Through GraphQL' })
    const list = await listComments(target)
    expect(list.json.comments[0]).toMatchObject({ text: 'Through GraphQL' })
    expect(list.json.comments[0].edited_at).not.toBeNull()
  })

  it('should refuse another’s edit or delete on every door', async () => {
    const { other, comment } = await commented()
    const site = await rest('POST', '/update-comment', {
      body: { comment_id: comment.id, text: 'Mine now' },
      token: other.token,
      headers: english,
    })
    expect(site.status).toBe(403)
    const siteDelete = await rest('POST', '/delete-comment', {
      body: { comment_id: comment.id },
      token: other.token,
    })
    expect(siteDelete.status).toBe(403)
    const viaRest = await rest('PATCH', `/comments/${comment.id}`, {
      body: { text: 'Mine now' },
      token: other.token,
    })
    expect([403, 404]).toContain(viaRest.status)
    const restDelete = await rest('DELETE', `/comments/${comment.id}`, { token: other.token })
    expect([403, 404]).toContain(restDelete.status)
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          updateComment(id: $id, data: { text: "Mine now" }) {
            text
          }
          deleteComment(id: $id) {
            id
          }
        }
      `,
      { variables: { id: comment.id }, token: other.token },
    )
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    await expect(
      payload.update({
        collection: 'comments',
        id: comment.id,
        data: { text: 'Mine now' },
        user: other.user,
        overrideAccess: false,
      }),
    ).rejects.toThrow()
    await expect(
      payload.delete({
        collection: 'comments',
        id: comment.id,
        user: other.user,
        overrideAccess: false,
      }),
    ).rejects.toThrow()
    expect((await stored(comment.id)).text).toBe('First!')
  })

  it('should not let a user set the status or author, or move a comment elsewhere', async () => {
    const { author, other, comment } = await commented()
    const elsewhere = await createArticle()
    const created = await rest('POST', '/comments', {
      body: { news: elsewhere.id, text: 'Sneaky', status: 'hidden', author: other.user.id },
      token: author.token,
    })
    expect(created.status).toBe(201)
    const sneaky = await stored(created.json.doc.id)
    expect([sneaky.status, sneaky.author]).toEqual(['published', author.user.id])
    const viaSite = await addComment(author.token, {
      news_id: elsewhere.id,
      text: 'Also sneaky',
      status: 'hidden',
      author: other.user.id,
    })
    expect(viaSite.status).toBe(200)
    const alsoSneaky = await stored(viaSite.json.comment.id)
    expect([alsoSneaky.status, alsoSneaky.author]).toEqual(['published', author.user.id])

    const patched = await rest('PATCH', `/comments/${comment.id}`, {
      body: { status: 'hidden', author: other.user.id, news: elsewhere.id, post: elsewhere.id },
      token: author.token,
    })
    expect(patched.status).toBeLessThan(500)
    await graphql(
      `
        mutation ($id: Int!, $news: Int!) {
          updateComment(id: $id, data: { status: hidden, news: $news }) {
            id
          }
        }
      `,
      { variables: { id: comment.id, news: elsewhere.id }, token: author.token },
    )
    await payload
      .update({
        collection: 'comments',
        id: comment.id,
        data: { status: 'hidden', author: other.user.id, news: elsewhere.id },
        user: author.user,
        overrideAccess: false,
      })
      .catch(() => null)
    const after = await stored(comment.id)
    expect(after).toMatchObject({ status: 'published', author: author.user.id })
    expect(after.news).not.toBe(elsewhere.id)
    expect(after.post ?? null).toBeNull()
  })

  it('should delete the author’s own comment', async () => {
    const { author, comment, target } = await commented()
    const deleted = await rest('POST', '/delete-comment', {
      body: { comment_id: comment.id },
      token: author.token,
    })
    expect(deleted.status).toBe(200)
    expect((await listComments(target)).json.total).toBe(0)
  })
})

describe('hidden comments', () => {
  it('should vanish for the public and the author but stay for editors', async () => {
    const { author, other, comment, target } = await commented()
    const refused = await rest('POST', '/hide-comment', {
      body: { comment_id: comment.id, hidden: true },
      token: other.token,
    })
    expect(refused.status).toBe(403)
    const editor = await createMember({ payload, role: 'editor' })
    const hidden = await rest('POST', '/hide-comment', {
      body: { comment_id: comment.id, hidden: true },
      token: editor.token,
    })
    expect([hidden.status, hidden.json.comment.status]).toEqual([200, 'hidden'])

    for (const token of [undefined, author.token, other.token]) {
      const list = await listComments(target, { token })
      expect([list.json.total, list.json.comments]).toEqual([0, []])
      const viaRest = await rest('GET', `/comments?where[news][equals]=${target.id}`, { token })
      expect(viaRest.json.docs).toEqual([])
      const byId = await rest('GET', `/comments/${comment.id}`, { token })
      expect([403, 404]).toContain(byId.status)
      const viaGraphql = await graphql(
        `
          query ($news: JSON) {
            Comments(where: { news: { equals: $news } }) {
              docs {
                id
              }
            }
          }
        `,
        { variables: { news: target.id }, token },
      )
      expect(viaGraphql.json?.data?.Comments).toEqual({ docs: [] })
    }
    const local = await payload.find({
      collection: 'comments',
      where: { news: { equals: target.id } },
      user: author.user,
      overrideAccess: false,
    })
    expect(local.docs).toEqual([])

    const edit = await rest('POST', '/update-comment', {
      body: { comment_id: comment.id, text: 'Back' },
      token: author.token,
    })
    expect(edit.status).toBe(404)

    const forEditor = await listComments(target, { token: editor.token })
    expect(forEditor.json.total).toBe(1)
    expect(forEditor.json.comments[0]).toMatchObject({ id: comment.id, status: 'hidden' })
    const restForEditor = await rest('GET', `/comments/${comment.id}`, { token: editor.token })
    expect(restForEditor.status).toBe(200)

    const shown = await rest('POST', '/hide-comment', {
      body: { comment_id: comment.id, hidden: false },
      token: editor.token,
    })
    expect(shown.json.comment.status).toBe('published')
    expect((await listComments(target)).json.total).toBe(1)
  })
})

describe('the comment list', () => {
  it('should give 10 at a time, newest first, without repeating one when more arrive', async () => {
    const post = await createArticle({ collection: 'posts' })
    const target: Target = { collection: 'posts', id: post.id }
    const writers = await Promise.all([1, 2, 3].map(() => createMember({ payload })))
    const ids: number[] = []
    for (let i = 0; i < 23; i += 1) {
      const doc = await seedComment({ target, author: writers[i % 3].user, text: `Comment ${i}` })
      ids.push(doc.id)
    }
    const first = await listComments(target)
    expect([first.json.comments.length, first.json.has_more, first.json.total]).toEqual([
      10,
      true,
      23,
    ])
    expect(first.json.comments.map((c: { id: number }) => c.id)).toEqual(
      [...ids].reverse().slice(0, 10),
    )
    // A new comment between two steps does not push one already shown into the next step.
    await seedComment({ target, author: writers[0].user, text: 'Late' })
    const second = await listComments(target, { before: first.json.comments.at(-1).id })
    expect([second.json.comments.length, second.json.has_more, second.json.total]).toEqual([
      10,
      true,
      24,
    ])
    const third = await listComments(target, { before: second.json.comments.at(-1).id })
    expect([third.json.comments.length, third.json.has_more]).toEqual([3, false])
    const shown = [first, second, third].flatMap((step) =>
      step.json.comments.map((c: { id: number }) => c.id),
    )
    expect(new Set(shown).size).toBe(23)
    expect(shown).toEqual([...ids].reverse())
  })

  it('should answer 4xx to bad input, never 500', async () => {
    const news = await createArticle()
    const { token } = await createMember({ payload })
    const caller = { name: 'member', token }
    const json = 'application/json'
    const answers = await Promise.all([
      rest('GET', '/get-comments', { headers: english }),
      rest('GET', '/get-comments?news_id=abc'),
      rest('GET', '/get-comments?news_id=99999999999999'),
      rest('GET', `/get-comments?news_id=${news.id}&before=-1`),
      rest('GET', `/get-comments?news_id=${news.id}&limit=1000`),
      rest('GET', `/get-comments?news_id=${news.id}%00`),
      rest('GET', '/get-comments?news_id=2147483000'),
      addComment(token, { news_id: news.id, text: 'Null \u0000 byte' }),
      addComment(token, { news_id: 99999999999999, text: 'Huge' }),
      addComment(token, { news_id: '1; drop table', text: 'Bad' }),
      rest('POST', '/update-comment', { body: { comment_id: 2 ** 40, text: 'x' }, token }),
      rest('POST', '/delete-comment', { body: { comment_id: 'x' }, token }),
      rest('POST', '/hide-comment', { body: { comment_id: 1, hidden: 'yes' }, token }),
      sendRaw(caller, {
        method: 'POST',
        path: '/add-comment',
        body: '{"text":',
        contentType: json,
      }),
      sendRaw(caller, { method: 'POST', path: '/add-comment', body: '[1,2]', contentType: json }),
      sendRaw(caller, { method: 'POST', path: '/update-comment', body: 'null', contentType: json }),
      rest('POST', '/comments', { body: { news: news.id, text: 'NUL \u0000' }, token }),
      rest('POST', '/comments', { body: { news: 99999999999999, text: 'Huge' }, token }),
      rest('PATCH', '/comments/99999999999999', { body: { text: 'Huge' }, token }),
    ])
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status < 400 || status >= 500)).toEqual([])
    expect(statuses[0]).toBe(422)
    expect(statuses[6]).toBe(404)
    expect(statuses[13]).toBe(400)
  })

  it('should describe every comment call in the OpenAPI document', async () => {
    const { json } = await rest('GET', '/openapi.json')
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining([
        '/get-comments',
        '/add-comment',
        '/update-comment',
        '/delete-comment',
        '/hide-comment',
      ]),
    )
  })
})
