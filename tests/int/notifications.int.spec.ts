import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { REVIEWS_PAGE_SIZE } from '@/data/resources'
import { reviewPlace } from '@/data/reviews'
import { findReviewPage } from '@/data/views/reviews'
import { articlePath } from '@/lib/content'
import {
  NOTIFICATION_SNIPPET_MAX,
  type NotificationKind,
  mentionedLogins,
} from '@/lib/notifications'
import { commentLink, reviewAnchor, reviewPermalink } from '@/lib/permalinks'
import type { Notification, User } from '@payload-types'

import { createArticle } from '../helpers/content'
import { createMember, createResource, unique } from '../helpers/directory'
import { formData, pngFile } from '../helpers/forms'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

/**
 * Issue 32's in-site notifications: each event tells the right people exactly once (never the
 * person who caused it, never a blocked account, nothing more on a second save), the calls, and
 * every door closed to writing them or reading another's.
 */

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }

type Member = Awaited<ReturnType<typeof createMember>>

/** The notifications of `kind` the users hold, as `recipient` ids (one entry per row). */
const told = async (kind: NotificationKind, users: { user: User }[]) => {
  const { docs } = await payload.find({
    collection: 'notifications',
    where: {
      and: [{ kind: { equals: kind } }, { recipient: { in: users.map(({ user }) => user.id) } }],
    },
    depth: 0,
    pagination: false,
  })
  return docs.map((row) => row.recipient as number).sort((a, b) => a - b)
}

const ids = (...members: Member[]) => members.map(({ user }) => user.id).sort((a, b) => a - b)

const block = (member: Member) =>
  payload.update({
    collection: 'users',
    id: member.user.id,
    data: { blocked: true, blockReason: 'Spam' },
  })

const favourite = (member: Member, resourceId: number) =>
  payload.create({
    collection: 'favorites',
    data: { user: member.user.id, resource: resourceId },
  })

/** An owner, a marketplace operator and a store operator of theirs, and their marketplace. */
const ownedMarketplace = async () => {
  const owner = await createMember({ payload, role: 'owner' })
  const [operator, otherType, blockedOperator] = await Promise.all([
    createMember({ payload, role: 'marketplaceOperator', employer: owner.user.id }),
    createMember({ payload, role: 'storeOperator', employer: owner.user.id }),
    createMember({ payload, role: 'marketplaceOperator', employer: owner.user.id }),
  ])
  await block(blockedOperator)
  const resource = await createResource({ payload, owner: owner.user.id })
  return { owner, operator, otherType, blockedOperator, resource }
}

describe('a new review', () => {
  it("should tell the resource's owner and its type's operators once, not the author, another type's operator or a blocked one", async () => {
    const { owner, operator, otherType, blockedOperator, resource } = await ownedMarketplace()
    const author = await createMember({ payload, joinedDaysAgo: 30 })
    const { status, json } = await rest('POST', '/add-reviews', {
      token: author.token,
      body: { resource_id: resource.id, grade: 5, comment: 'Fast and fair.' },
    })
    expect(status).toBe(200)
    const everyone = [owner, operator, otherType, blockedOperator, author]
    expect(await told('new-review', everyone)).toEqual(ids(owner, operator))
    // A second save of the review tells nobody again.
    await payload.update({ collection: 'reviews', id: json.review.id, data: { grade: 4 } })
    expect(await told('new-review', everyone)).toEqual(ids(owner, operator))
    const [row] = (
      await payload.find({
        collection: 'notifications',
        where: { recipient: { equals: owner.user.id } },
        depth: 0,
      })
    ).docs
    expect([row.actor, row.resource, row.review, row.readAt ?? null]).toEqual([
      author.user.id,
      resource.id,
      json.review.id,
      null,
    ])
  })

  it('should tell of a held review only once it is published', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const resource = await createResource({ payload, owner: owner.user.id })
    const author = await createMember({ payload })
    const review = await payload.create({
      collection: 'reviews',
      data: {
        resource: resource.id,
        author: author.user.id,
        grade: 2,
        comment: 'Held',
        status: 'pending',
      },
    })
    expect(await told('new-review', [owner])).toEqual([])
    await payload.update({ collection: 'reviews', id: review.id, data: { status: 'published' } })
    expect(await told('new-review', [owner])).toEqual(ids(owner))
    await payload.update({
      collection: 'reviews',
      id: review.id,
      data: { status: 'hidden', hiddenReason: 'x' },
    })
    await payload.update({ collection: 'reviews', id: review.id, data: { status: 'published' } })
    expect(await told('new-review', [owner])).toEqual(ids(owner))
  })
})

describe("an owner's reply to a review", () => {
  it("should tell the review's author and those who keep the resource, once each, not the replier or a blocked account", async () => {
    const { owner, operator, resource } = await ownedMarketplace()
    const [author, keeper, blockedKeeper] = await Promise.all([
      createMember({ payload, joinedDaysAgo: 30 }),
      createMember({ payload }),
      createMember({ payload }),
    ])
    for (const member of [author, keeper, blockedKeeper, operator]) {
      await favourite(member, resource.id)
    }
    await block(blockedKeeper)
    const review = await payload.create({
      collection: 'reviews',
      data: {
        resource: resource.id,
        author: author.user.id,
        grade: 3,
        comment: 'Slow.',
        status: 'published',
      },
    })
    // The operator answers through the site's call.
    const { status } = await rest('POST', '/reply-review', {
      token: operator.token,
      body: { review_id: review.id, reply: 'Sorry, fixed now.' },
    })
    expect(status).toBe(200)
    const everyone = [owner, operator, author, keeper, blockedKeeper]
    expect(await told('review-reply', everyone)).toEqual(ids(author))
    expect(await told('favorite-reply', everyone)).toEqual(ids(keeper))
    // The same reply saved again tells nobody; a changed reply is news again.
    await payload.update({ collection: 'reviews', id: review.id, data: { grade: 3 } })
    const same = await payload.findByID({ collection: 'reviews', id: review.id, depth: 0 })
    await payload.update({
      collection: 'reviews',
      id: review.id,
      data: { reply: { ...same.reply, text: 'Sorry, fixed now.' } },
    })
    expect(await told('review-reply', everyone)).toEqual(ids(author))
    await payload.update({
      collection: 'reviews',
      id: review.id,
      data: { reply: { ...same.reply, text: 'Sorry, fixed now. And refunded.' } },
    })
    expect(await told('review-reply', everyone)).toEqual(ids(author, author))
    expect(await told('favorite-reply', everyone)).toEqual(ids(keeper, keeper))
  })
})

describe('a reply to a comment', () => {
  it("should be stored with the comment it answers and tell that comment's author once", async () => {
    const article = await createArticle({ payload })
    const [writer, replier] = await Promise.all([
      createMember({ payload }),
      createMember({ payload }),
    ])
    const first = await rest('POST', '/add-comment', {
      token: writer.token,
      body: { news_id: article.id, text: 'First!' },
    })
    const answer = await rest('POST', '/add-comment', {
      token: replier.token,
      body: { news_id: article.id, text: 'Second.', reply_to_id: first.json.comment.id },
    })
    expect(answer.status).toBe(200)
    expect(answer.json.comment.reply_to).toEqual({
      id: first.json.comment.id,
      name: writer.user.displayName,
    })
    // Answering one's own comment tells nobody.
    await rest('POST', '/add-comment', {
      token: writer.token,
      body: { news_id: article.id, text: 'Me again.', reply_to_id: first.json.comment.id },
    })
    expect(await told('comment-reply', [writer, replier])).toEqual(ids(writer))
    const list = await rest('GET', `/get-comments?news_id=${article.id}`, { token: writer.token })
    expect(list.json.comments.map((c: { reply_to: unknown }) => c.reply_to)).toEqual([
      { id: first.json.comment.id, name: writer.user.displayName },
      { id: first.json.comment.id, name: writer.user.displayName },
      null,
    ])
  })

  it('should refuse to answer a comment of another article, a hidden one or none, on every door', async () => {
    const [article, other] = await Promise.all([
      createArticle({ payload }),
      createArticle({ payload }),
    ])
    const member = await createMember({ payload })
    const elsewhere = await payload.create({
      collection: 'comments',
      data: { news: other.id, author: member.user.id, text: 'Elsewhere', status: 'published' },
    })
    const hidden = await payload.create({
      collection: 'comments',
      data: { news: article.id, author: member.user.id, text: 'Rude', status: 'hidden' },
    })
    for (const replyTo of [elsewhere.id, hidden.id, 999_999]) {
      const site = await rest('POST', '/add-comment', {
        token: member.token,
        headers: english,
        body: { news_id: article.id, text: 'Hm', reply_to_id: replyTo },
      })
      expect(site.status).toBe(422)
      expect(JSON.stringify(site.json)).toContain('You can only reply to a published comment')
      const door = await rest('POST', '/comments', {
        token: member.token,
        headers: english,
        body: { news: article.id, text: 'Hm', replyTo },
      })
      expect(door.status).toBeGreaterThanOrEqual(400)
      expect(door.status).toBeLessThan(500)
    }
    const stored = await payload.count({
      collection: 'comments',
      where: { and: [{ news: { equals: article.id } }, { replyTo: { exists: true } }] },
    })
    expect(stored.totalDocs).toBe(0)
  })
})

describe("support's answer to a ticket", () => {
  it("should tell the ticket's author once, and nobody of the author's own message", async () => {
    const [author, admin] = await Promise.all([
      createMember({ payload }),
      createMember({ payload, role: 'admin' }),
    ])
    const ticket = await payload.create({
      collection: 'tickets',
      data: { subject: `Help ${unique()}`, author: author.user.id, status: 'open' },
    })
    await payload.create({
      collection: 'ticket-messages',
      data: { ticket: ticket.id, body: 'It broke.' },
      user: author.user,
      overrideAccess: true,
    })
    expect(await told('ticket-answered', [author, admin])).toEqual([])
    const { status } = await rest('POST', '/reply-ticket', {
      token: admin.token,
      body: { id: ticket.id, message: 'Fixed.' },
    })
    expect(status).toBe(200)
    expect(await told('ticket-answered', [author, admin])).toEqual(ids(author))
    const [row] = (
      await payload.find({
        collection: 'notifications',
        where: { recipient: { equals: author.user.id } },
        depth: 0,
      })
    ).docs
    expect(row.ticket).toBe(ticket.id)
  })
})

describe('a verification decision', () => {
  it('should tell the owner and the requester once per decision, not the moderator', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const requester = await createMember({
      payload,
      role: 'marketplaceOperator',
      employer: owner.user.id,
    })
    const admin = await createMember({ payload, role: 'admin' })
    const resource = await createResource({ payload, owner: owner.user.id })
    const sent = await rest('POST', '/add-request-for-verification', {
      token: requester.token,
      body: formData({ resource_id: String(resource.id), message: 'It is ours' }, [pngFile()]),
    })
    expect(sent.status).toBe(200)
    const requestId = sent.json.request.id as number
    const decide = (data: Record<string, string>) =>
      payload.update({
        collection: 'verification-requests',
        id: requestId,
        data,
        user: admin.user,
        overrideAccess: true,
      })
    await decide({ status: 'approved' })
    await decide({ status: 'approved', answer: 'Saved again' })
    const people = [owner, requester, admin]
    expect(await told('verification-decided', people)).toEqual(ids(owner, requester))
    await decide({ status: 'revoked', answer: 'The domain moved' })
    expect(await told('verification-decided', people)).toEqual(
      ids(owner, owner, requester, requester),
    )
    const list = await rest('GET', '/get-notifications', { token: owner.token, headers: english })
    expect(list.json.notifications.map((n: { text: string }) => n.text)).toEqual([
      `Verification of “${resource.title}” revoked`,
      `Verification of “${resource.title}” approved`,
    ])
    // The moderator's reason is what it quotes.
    expect(list.json.notifications[0].snippet).toBe('The domain moved')
    expect(list.json.notifications[0].actor).toBeNull()
  })
})

describe("a favourite's public status", () => {
  it('should tell those who keep it once per change, not a blocked account', async () => {
    const resource = await createResource({ payload })
    const [keeper, blockedKeeper, admin] = await Promise.all([
      createMember({ payload }),
      createMember({ payload }),
      createMember({ payload, role: 'admin' }),
    ])
    await favourite(keeper, resource.id)
    await favourite(blockedKeeper, resource.id)
    await favourite(admin, resource.id)
    await block(blockedKeeper)
    const { status } = await rest('PATCH', `/resources/${resource.id}`, {
      token: admin.token,
      body: { publicStatus: 'scam', publicStatusReason: 'Stopped paying out' },
    })
    expect(status).toBe(200)
    // A save that keeps the status is no change.
    await rest('PATCH', `/resources/${resource.id}`, {
      token: admin.token,
      body: { publicStatusReason: 'Stopped paying out, confirmed' },
    })
    const people = [keeper, blockedKeeper, admin]
    expect(await told('favorite-status', people)).toEqual(ids(keeper))
    const list = await rest('GET', '/get-notifications', { token: keeper.token, headers: english })
    expect(list.json.notifications[0]).toMatchObject({
      kind: 'favorite-status',
      text: `New status of your favourite “${resource.title}”: Scam`,
      snippet: 'Stopped paying out',
      actor: null,
      read: false,
    })
  })
})

describe('a mention in the chat', () => {
  it('should read the logins a message names', () => {
    expect(mentionedLogins('hi @alice and @bob.smith. @alice again, mail@example.com @x')).toEqual([
      'alice',
      'bob.smith',
    ])
    expect(mentionedLogins('@a1c @b2c @c3c @d4c @e5c @f6c @g7c')).toHaveLength(5)
  })

  it('should tell each mentioned user once, not the author, nor anyone blocked', async () => {
    const [author, named, blockedNamed] = await Promise.all([
      createMember({ payload }),
      createMember({ payload }),
      createMember({ payload }),
    ])
    await block(blockedNamed)
    const message = await payload.create({
      collection: 'chat-messages',
      data: {
        text: `@${named.user.username} look, @${named.user.username}! @${author.user.username} @${blockedNamed.user.username} @nobody-${unique()}`,
        author: author.user.id,
      },
      user: author.user,
      overrideAccess: true,
    })
    const people = [author, named, blockedNamed]
    expect(await told('chat-mention', people)).toEqual(ids(named))
    await payload.update({
      collection: 'chat-messages',
      id: message.id,
      data: { text: message.text },
    })
    expect(await told('chat-mention', people)).toEqual(ids(named))
    const list = await rest('GET', '/get-notifications', { token: named.token, headers: english })
    expect(list.json.notifications[0]).toMatchObject({
      kind: 'chat-mention',
      text: `You were mentioned in the chat by ${author.user.displayName}`,
      snippet: message.text,
      path: '/chat',
      actor: { id: author.user.id, display_name: author.user.displayName },
    })
  })
})

/** A member with `count` notifications of their own (chat mentions by another member). */
const notified = async (count: number) => {
  const [member, other] = await Promise.all([createMember({ payload }), createMember({ payload })])
  for (let i = 0; i < count; i += 1) {
    await payload.create({
      collection: 'chat-messages',
      data: { text: `@${member.user.username} ${i}`, author: other.user.id },
      user: other.user,
      overrideAccess: true,
    })
  }
  const { docs } = await payload.find({
    collection: 'notifications',
    where: { recipient: { equals: member.user.id } },
    sort: '-id',
    depth: 0,
    pagination: false,
  })
  return { member, other, rows: docs as Notification[] }
}

describe('the calls', () => {
  it('should list the caller’s own notifications newest first, by page, worded in their language', async () => {
    const { member, other, rows } = await notified(3)
    const first = await rest('GET', '/get-notifications?limit=2', {
      token: member.token,
      headers: { 'Accept-Language': 'ru' },
    })
    expect(first.status).toBe(200)
    expect(first.json).toMatchObject({ page: 1, total_pages: 2, total: 3, unread: 3 })
    expect(first.json.notifications.map((n: { id: number }) => n.id)).toEqual([
      rows[0].id,
      rows[1].id,
    ])
    expect(first.json.notifications[0].text).toBe(
      `Вас упомянули в чате — ${other.user.displayName}`,
    )
    const second = await rest('GET', '/get-notifications?limit=2&page=2', { token: member.token })
    expect(second.json.notifications.map((n: { id: number }) => n.id)).toEqual([rows[2].id])
    const bad = await rest('GET', '/get-notifications?page=0', {
      token: member.token,
      headers: english,
    })
    expect(bad.status).toBe(422)
    expect((await rest('GET', '/get-notifications')).status).toBe(401)
    expect((await rest('GET', '/get-notifications-count')).status).toBe(401)
    expect((await rest('POST', '/read-notifications', { body: { all: true } })).status).toBe(401)
  })

  it('should count the unread and mark only the caller’s own read, by id or all', async () => {
    const mine = await notified(3)
    const theirs = await notified(1)
    const count = async (token: string) =>
      (await rest('GET', '/get-notifications-count', { token })).json.unread
    expect(await count(mine.member.token)).toBe(3)
    const marked = await rest('POST', '/read-notifications', {
      token: mine.member.token,
      body: { ids: [mine.rows[0].id, theirs.rows[0].id] },
    })
    expect(marked.json).toMatchObject({ marked: 1, unread: 2 })
    expect(await count(theirs.member.token)).toBe(1)
    const list = await rest('GET', '/get-notifications', { token: mine.member.token })
    expect(list.json.notifications.map((n: { read: boolean }) => n.read)).toEqual([
      true,
      false,
      false,
    ])
    const all = await rest('POST', '/read-notifications', {
      token: mine.member.token,
      body: { all: true },
    })
    expect(all.json).toMatchObject({ marked: 2, unread: 0 })
    expect(await count(theirs.member.token)).toBe(1)
    const neither = await rest('POST', '/read-notifications', {
      token: mine.member.token,
      headers: english,
      body: {},
    })
    expect(neither.status).toBe(422)
  })
})

describe('every door', () => {
  it('should refuse to create, change or delete a notification, and show nobody another’s, on REST', async () => {
    const { member, other, rows } = await notified(1)
    const [row] = rows
    const created = await rest('POST', '/notifications', {
      token: member.token,
      body: { recipient: member.user.id, kind: 'chat-mention', eventKey: `x:${unique()}:1` },
    })
    expect(created.status).toBe(403)
    const changed = await rest('PATCH', `/notifications/${row.id}`, {
      token: member.token,
      body: { readAt: new Date().toISOString(), recipient: other.user.id },
    })
    expect(changed.status).toBe(403)
    expect((await rest('DELETE', `/notifications/${row.id}`, { token: member.token })).status).toBe(
      403,
    )
    const stored = await payload.findByID({ collection: 'notifications', id: row.id, depth: 0 })
    expect([stored.readAt ?? null, stored.recipient]).toEqual([null, member.user.id])
    // Another member reads none of them.
    expect((await rest('GET', `/notifications/${row.id}`, { token: other.token })).status).toBe(404)
    const list = await rest('GET', `/notifications?where[recipient][equals]=${member.user.id}`, {
      token: other.token,
    })
    expect(list.json.totalDocs).toBe(0)
    expect((await rest('GET', '/notifications')).status).toBe(403)
  })

  it('should refuse the same on GraphQL', async () => {
    const { member, other, rows } = await notified(1)
    const [row] = rows
    const create = await graphql(
      `
        mutation ($user: Int!, $key: String!) {
          createNotification(data: { recipient: $user, kind: chat_mention, eventKey: $key }) {
            id
          }
        }
      `,
      { token: member.token, variables: { user: member.user.id, key: `x:${unique()}:1` } },
    )
    expect(create.json?.errors?.[0]?.extensions?.statusCode).toBe(403)
    const update = await graphql(
      `
        mutation ($id: Int!) {
          updateNotification(id: $id, data: { readAt: "2020-01-01" }) {
            id
          }
        }
      `,
      { token: member.token, variables: { id: row.id } },
    )
    expect(update.json?.errors?.[0]?.extensions?.statusCode).toBe(403)
    const remove = await graphql(
      `
        mutation ($id: Int!) {
          deleteNotification(id: $id) {
            id
          }
        }
      `,
      {
        token: member.token,
        variables: { id: row.id },
      },
    )
    expect(remove.json?.errors?.[0]?.extensions?.statusCode).toBe(403)
    const read = await graphql(
      `
        {
          Notifications {
            totalDocs
            docs {
              id
            }
          }
        }
      `,
      {
        token: other.token,
      },
    )
    expect(read.json?.data?.Notifications).toEqual({ totalDocs: 0, docs: [] })
    const own = await graphql(
      `
        {
          Notifications {
            docs {
              id
            }
          }
        }
      `,
      { token: member.token },
    )
    expect(own.json?.data?.Notifications).toEqual({ docs: [{ id: row.id }] })
    const stored = await payload.count({
      collection: 'notifications',
      where: { recipient: { equals: member.user.id } },
    })
    expect(stored.totalDocs).toBe(1)
  })
})

/** The recipient's one row of `kind`, as stored. */
const rowOf = async (member: Member, kind: NotificationKind) => {
  const { docs } = await payload.find({
    collection: 'notifications',
    where: { and: [{ recipient: { equals: member.user.id } }, { kind: { equals: kind } }] },
    depth: 0,
  })
  expect(docs).toHaveLength(1)
  return docs[0]
}

/** The recipient's newest notification as `/get-notifications` answers it in `language`. */
const shown = async (member: Member, language: 'ru' | 'en') =>
  (
    await rest('GET', '/get-notifications', {
      token: member.token,
      headers: { 'Accept-Language': language },
    })
  ).json.notifications[0]

const LONG_REVIEW =
  'Заказ пришёл через неделю, хотя обещали три дня. Упаковка целая, товар соответствует ' +
  'описанию, но поддержка отвечала медленно и дважды переспрашивала номер заказа. Возьму ещё раз.'

describe('what a notification says and where it leads (issue 42, item 10)', () => {
  it('should keep a snippet of a new review, cut after a whole word, and link to the review itself', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const resource = await createResource({
      payload,
      owner: owner.user.id,
      title: 'Садовые беседы',
    })
    const author = await createMember({ payload, joinedDaysAgo: 30 })
    const { json } = await rest('POST', '/add-reviews', {
      token: author.token,
      body: { resource_id: resource.id, grade: 3, comment: `  ${LONG_REVIEW}\n` },
    })
    const row = await rowOf(owner, 'new-review')
    expect(row.snippet!.length).toBeLessThanOrEqual(NOTIFICATION_SNIPPET_MAX)
    expect(row.snippet).toMatch(/[^\s.,]…$/u)
    expect(LONG_REVIEW.startsWith(row.snippet!.slice(0, -1))).toBe(true)
    // It stops at the end of a word.
    expect(LONG_REVIEW.charAt(row.snippet!.length - 1)).toMatch(/[\s,.]/u)
    const name = author.user.displayName
    expect(await shown(owner, 'ru')).toMatchObject({
      text: `Новый отзыв о ресурсе «Садовые беседы» — ${name}`,
      snippet: row.snippet,
      path: reviewPermalink(json.review.id),
    })
    expect((await shown(owner, 'en')).text).toBe(`New review of “Садовые беседы” by ${name}`)
  })

  it("should quote an owner's reply, and stop quoting it once the review is hidden", async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const resource = await createResource({ payload, owner: owner.user.id })
    const author = await createMember({ payload })
    const review = await payload.create({
      collection: 'reviews',
      data: {
        resource: resource.id,
        author: author.user.id,
        grade: 2,
        comment: 'Slow.',
        status: 'published',
      },
    })
    await rest('POST', '/reply-review', {
      token: owner.token,
      body: { review_id: review.id, reply: 'Sorry:\n  the courier changed.' },
    })
    expect((await rowOf(author, 'review-reply')).snippet).toBe('Sorry: the courier changed.')
    expect(await shown(author, 'ru')).toMatchObject({
      text: `Ответ на ваш отзыв о ресурсе «${resource.title}» — ${owner.user.displayName}`,
      snippet: 'Sorry: the courier changed.',
      path: reviewPermalink(review.id),
    })
    await payload.update({
      collection: 'reviews',
      id: review.id,
      data: { status: 'hidden', hiddenReason: 'Abuse' },
    })
    expect(await shown(author, 'en')).toMatchObject({
      snippet: null,
      path: `/resources/marketplaces/${resource.slug}`,
    })
  })

  it('should quote a reply to a comment and link to that reply on its article', async () => {
    const article = await createArticle({ payload, title: 'Как выбрать магазин' })
    const [writer, replier] = await Promise.all([
      createMember({ payload }),
      createMember({ payload }),
    ])
    const first = await rest('POST', '/add-comment', {
      token: writer.token,
      body: { news_id: article.id, text: 'Which one?' },
    })
    const answer = await rest('POST', '/add-comment', {
      token: replier.token,
      body: {
        news_id: article.id,
        text: 'The one with the badge.',
        reply_to_id: first.json.comment.id,
      },
    })
    const row = await rowOf(writer, 'comment-reply')
    expect([row.comment, row.snippet]).toEqual([answer.json.comment.id, 'The one with the badge.'])
    const name = replier.user.displayName
    expect(await shown(writer, 'ru')).toMatchObject({
      text: `Ответ на ваш комментарий к новости «Как выбрать магазин» — ${name}`,
      snippet: 'The one with the badge.',
      path: commentLink({
        articlePath: articlePath('news', article.slug!),
        id: answer.json.comment.id,
      }),
    })
    expect((await shown(writer, 'en')).text).toBe(
      `Reply to your comment on the news item “${article.title}” by ${name}`,
    )
  })

  it('should still word a row made before snippets were kept, and one whose author is gone', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const resource = await createResource({ payload, owner: owner.user.id })
    await payload.create({
      collection: 'notifications',
      data: {
        recipient: owner.user.id,
        kind: 'new-review',
        resource: resource.id,
        eventKey: `new-review:old-${unique()}:${owner.user.id}`,
      },
      overrideAccess: true,
    })
    expect(await shown(owner, 'ru')).toMatchObject({
      text: `Новый отзыв о ресурсе «${resource.title}»`,
      actor: null,
      snippet: null,
      path: `/resources/marketplaces/${resource.slug}`,
    })
    expect((await shown(owner, 'en')).text).toBe(`New review of “${resource.title}”`)
  })

  it("should lead a review's permalink to the page of its resource's reviews that shows it", async () => {
    const resource = await createResource({ payload })
    const authors = await Promise.all(
      Array.from({ length: REVIEWS_PAGE_SIZE * 2 + 1 }, (_, i) =>
        payload.create({
          collection: 'users',
          data: {
            username: `reader${unique()}`,
            email: `reader${unique()}@example.com`,
            password: 'secret-pass',
            displayName: `Reader ${unique()}${i}`,
            role: 'user',
            status: 'verified',
            twoFactor: 'none',
            authProvider: 'email',
          },
        }),
      ),
    )
    const reviews = []
    for (const author of authors) {
      reviews.push(
        await payload.create({
          collection: 'reviews',
          data: {
            resource: resource.id,
            author: author.id,
            grade: 4,
            comment: 'Fine.',
            status: 'published',
          },
        }),
      )
    }
    const [oldest] = reviews
    const place = await reviewPlace({ payload, reviewId: oldest.id })
    expect(place).toBe(`/resources/marketplaces/${resource.slug}?page=3#${reviewAnchor(oldest.id)}`)
    // The page the resource's page lists (newest first) holds it there.
    const third = await findReviewPage({
      payload,
      where: { and: [{ resource: { equals: resource.id } }, { status: { equals: 'published' } }] },
      sort: '-createdAt',
      page: 3,
      limit: REVIEWS_PAGE_SIZE,
      withResource: false,
    })
    expect(third.reviews.map((review) => review.id)).toContain(oldest.id)
    expect(await reviewPlace({ payload, reviewId: reviews.at(-1)!.id })).toBe(
      `/resources/marketplaces/${resource.slug}#${reviewAnchor(reviews.at(-1)!.id)}`,
    )
    // A hidden review, or one of a resource nobody sees, is nowhere, as a missing one.
    await payload.update({
      collection: 'reviews',
      id: oldest.id,
      data: { status: 'hidden', hiddenReason: 'Spam' },
    })
    expect(await reviewPlace({ payload, reviewId: oldest.id })).toBeNull()
    await payload.update({ collection: 'resources', id: resource.id, data: { status: 'pending' } })
    expect(await reviewPlace({ payload, reviewId: reviews[1].id })).toBeNull()
    expect(await reviewPlace({ payload, reviewId: 2_147_483_000 })).toBeNull()
  })
})
