import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { listMyResources } from '@/data/myResources'

import { createMember, createResource, unique } from '../helpers/directory'
import { formData } from '../helpers/forms'
import { mailsTo, waitForMail } from '../helpers/mailbox'
import { everyPage } from '../helpers/pages'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }

type Member = Awaited<ReturnType<typeof createMember>>

/** A published review by a new member, on a new resource, reported by `reporters` new readers. */
const reportedReview = async ({ reporters = 2 }: { reporters?: number } = {}) => {
  const [author, resource] = await Promise.all([
    createMember({ payload }),
    createResource({ payload, type: 'shop' }),
  ])
  const review = await payload.create({
    collection: 'reviews',
    data: {
      resource: resource.id,
      author: author.user.id,
      grade: 1,
      comment: `Terrible shop ${unique()}`,
      status: 'published',
    },
  })
  const readers = await Promise.all(
    Array.from({ length: reporters }, () => createMember({ payload })),
  )
  for (const [index, reader] of readers.entries()) {
    const sent = await rest('POST', '/report-review', {
      token: reader.token,
      body: {
        review_id: review.id,
        reason: index ? 'offensive' : 'fake',
        comment: `Look ${index}`,
      },
    })
    expect(sent.status, JSON.stringify(sent.json)).toBe(200)
  }
  return { author, resource, review, readers }
}

const reportsOn = async (reviewId: number) =>
  (
    await payload.find({
      collection: 'review-reports',
      where: { review: { equals: reviewId } },
      depth: 0,
      sort: 'id',
    })
  ).docs

const reviewOf = (id: number) => payload.findByID({ collection: 'reviews', id, depth: 0 })
const resourceOf = (id: number) => payload.findByID({ collection: 'resources', id, depth: 0 })

const moderate = (member: Member, body: Record<string, unknown>) =>
  rest('POST', '/moderate-review', { token: member.token, headers: english, body })

const decide = (member: Member, body: Record<string, unknown>) =>
  rest('POST', '/decide-resource', { token: member.token, headers: english, body })

const counts = async (member: Member) => {
  const { status, json } = await rest('GET', '/moderation-counts', { token: member.token })
  expect(status).toBe(200)
  return json.counts as Record<string, number>
}

/** Members of each role that is not admin, to be refused. */
const others = async () => ({
  user: await createMember({ payload }),
  editor: await createMember({ payload, role: 'editor' }),
  owner: await createMember({ payload, role: 'owner' }),
})

let adminMember: Member
const admin = async () => (adminMember ??= await createMember({ payload, role: 'admin' }))

type ReportedReview = { review: { id: number } }

/** Every reported review of a tab of the reports queue, page after page, in the queue's order. */
const reportsQueue = (moderator: Member, tab: 'open' | 'handled') =>
  everyPage<ReportedReview>(async (page) => {
    const { status, json } = await rest('POST', '/get-review-reports', {
      token: moderator.token,
      body: { tab, page },
    })
    expect(status).toBe(200)
    return { items: json.reviews, pages: json.total_pages }
  })

describe('what waits for the moderators', () => {
  it('should count each queue and go up as work arrives', async () => {
    const moderator = await admin()
    const before = await counts(moderator)
    // One review reported twice is one item of the reports queue.
    await reportedReview({ reporters: 2 })
    const owner = await createMember({ payload, role: 'owner' })
    await createResource({ payload, owner: owner.user.id, status: 'pending' })
    const member = await createMember({ payload })
    const ticket = await rest('POST', '/add-requests', {
      token: member.token,
      body: formData({ subject: 'Stuck payment', message: 'Please help' }),
    })
    expect(ticket.status, JSON.stringify(ticket.json)).toBe(200)
    await payload.create({
      collection: 'contact-messages',
      data: { name: 'Visitor', email: 'visitor@example.com', subject: 'Hello', message: 'Hi' },
    })
    const after = await counts(moderator)
    expect(after).toEqual({
      reports: before.reports + 1,
      held: before.held,
      tickets: before.tickets + 1,
      verification: before.verification,
      resources: before.resources + 1,
      keys: before.keys,
      contacts: before.contacts + 1,
    })
  })

  it('should answer the counts to admins only', async () => {
    for (const member of Object.values(await others())) {
      const { status } = await rest('GET', '/moderation-counts', { token: member.token })
      expect(status).toBe(403)
    }
    expect((await rest('GET', '/moderation-counts')).status).toBe(401)
  })
})

describe('the reports queue', () => {
  it('should show a reported review once, with its text and every report on it', async () => {
    const { review, resource, author, readers } = await reportedReview({ reporters: 2 })
    // The open tab is the longest waiting first: the test's review may be on any page.
    const items = (await reportsQueue(await admin(), 'open')).filter(
      (item) => item.review.id === review.id,
    )
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({
      review: {
        comment: review.comment,
        grade: 1,
        author: { id: author.user.id },
        resource: { id: resource.id, path: `/resources/shops/${resource.slug}` },
      },
      author_blocked: false,
      reports: [
        { reason: 'fake', comment: 'Look 0', reporter: { id: readers[0].user.id } },
        { reason: 'offensive', comment: 'Look 1', reporter: { id: readers[1].user.id } },
      ],
    })
  })

  it('should refuse the queue and every action to anyone but admins', async () => {
    const { review } = await reportedReview({ reporters: 1 })
    for (const member of Object.values(await others())) {
      const queue = await rest('POST', '/get-review-reports', { token: member.token, body: {} })
      expect(queue.status).toBe(403)
      for (const action of ['hide', 'dismiss', 'block']) {
        const { status } = await moderate(member, { review_id: review.id, action, reason: 'x' })
        expect(status).toBe(403)
      }
    }
    expect((await reviewOf(review.id)).status).toBe('published')
    expect((await reportsOn(review.id)).map((report) => report.status)).toEqual(['open'])
  })

  it('should hide a review with the reason its author reads, action its reports and recompute the rating', async () => {
    const { review, resource, author } = await reportedReview({ reporters: 2 })
    expect((await resourceOf(resource.id)).reviewCount).toBe(1)
    const moderator = await admin()
    const refused = await moderate(moderator, { review_id: review.id, action: 'hide' })
    expect([refused.status, refused.json.errors]).toEqual([
      422,
      { reason: ['This field is required.'] },
    ])
    expect((await reviewOf(review.id)).status).toBe('published')

    const { status, json } = await moderate(moderator, {
      review_id: review.id,
      action: 'hide',
      reason: 'Insults the shop’s staff by name.',
    })
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json.item.review).toMatchObject({
      status: 'hidden',
      hidden_reason: 'Insults the shop’s staff by name.',
    })
    expect(json.item.reports.map((report: { status: string }) => report.status)).toEqual([
      'actioned',
      'actioned',
    ])
    const reports = await reportsOn(review.id)
    expect(reports.map((report) => [report.status, report.handledBy])).toEqual([
      ['actioned', moderator.user.id],
      ['actioned', moderator.user.id],
    ])
    expect((await resourceOf(resource.id)).reviewCount).toBe(0)
    // Its author reads that it is hidden, and why.
    const mine = await rest('POST', '/get-my-reviews', { token: author.token, body: {} })
    expect(mine.json.reviews[0]).toMatchObject({
      id: review.id,
      status: 'hidden',
      hidden_reason: 'Insults the shop’s staff by name.',
    })
    // It left the open tab for the handled one.
    const ids = (items: ReportedReview[]) => items.map((item) => item.review.id)
    expect(ids(await reportsQueue(moderator, 'open'))).not.toContain(review.id)
    expect(ids(await reportsQueue(moderator, 'handled'))).toContain(review.id)
  })

  it('should dismiss the reports and keep the review published', async () => {
    const { review } = await reportedReview({ reporters: 2 })
    const { status, json } = await moderate(await admin(), {
      review_id: review.id,
      action: 'dismiss',
    })
    expect(status, JSON.stringify(json)).toBe(200)
    expect((await reportsOn(review.id)).map((report) => report.status)).toEqual([
      'dismissed',
      'dismissed',
    ])
    expect((await reviewOf(review.id)).status).toBe('published')
  })

  it('should block the author through the users’ own rules, with a reason, and hide the review when asked', async () => {
    const { review, author } = await reportedReview({ reporters: 1 })
    const moderator = await admin()
    const refused = await moderate(moderator, { review_id: review.id, action: 'block' })
    expect(refused.status).toBe(422)
    const { status, json } = await moderate(moderator, {
      review_id: review.id,
      action: 'block',
      reason: 'Spams fake reviews',
      hide: true,
    })
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json.item).toMatchObject({ author_blocked: true, review: { status: 'hidden' } })
    const blocked = await payload.findByID({ collection: 'users', id: author.user.id, depth: 0 })
    expect([blocked.blocked, blocked.blockReason]).toEqual([true, 'Spams fake reviews'])
    const log = await payload.find({
      collection: 'user-blocks',
      where: { user: { equals: author.user.id } },
      depth: 0,
    })
    expect(log.docs.map((entry) => [entry.scope, entry.action, entry.reason])).toEqual([
      ['site', 'block', 'Spams fake reviews'],
    ])
    expect((await reportsOn(review.id)).map((report) => report.status)).toEqual(['actioned'])
    // The block ended the author's sessions.
    const me = await rest('POST', '/get-my-reviews', { token: author.token, body: {} })
    expect(me.status).not.toBe(200)
  })

  it('should require the reason and action the reports when a review is hidden through REST or GraphQL', async () => {
    const moderator = await admin()
    const viaRest = await reportedReview({ reporters: 1 })
    const noReason = await rest('PATCH', `/reviews/${viaRest.review.id}`, {
      token: moderator.token,
      headers: english,
      body: { status: 'hidden' },
    })
    expect(noReason.status).toBe(400)
    expect(JSON.stringify(noReason.json)).toContain('hiddenReason')
    expect((await reviewOf(viaRest.review.id)).status).toBe('published')
    const hidden = await rest('PATCH', `/reviews/${viaRest.review.id}`, {
      token: moderator.token,
      body: { status: 'hidden', hiddenReason: 'Personal data of a courier' },
    })
    expect(hidden.status, JSON.stringify(hidden.json)).toBe(200)
    expect((await reportsOn(viaRest.review.id)).map((report) => report.status)).toEqual([
      'actioned',
    ])
    expect((await resourceOf(viaRest.resource.id)).reviewCount).toBe(0)

    const viaGraphql = await reportedReview({ reporters: 1 })
    const mutation = `mutation ($id: Int!, $reason: String) {
      updateReview(id: $id, data: { status: hidden, hiddenReason: $reason }) { id status hiddenReason }
    }`
    const refused = await graphql(mutation, {
      token: moderator.token,
      variables: { id: viaGraphql.review.id },
    })
    expect(refused.json?.errors?.length).toBeGreaterThan(0)
    expect((await reviewOf(viaGraphql.review.id)).status).toBe('published')
    const done = await graphql(mutation, {
      token: moderator.token,
      variables: { id: viaGraphql.review.id, reason: 'Advertising' },
    })
    expect(done.json?.data?.updateReview).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Advertising',
    })
    expect((await reportsOn(viaGraphql.review.id)).map((report) => report.status)).toEqual([
      'actioned',
    ])
  })

  it('should let no one but admins hide a review or change a report, on REST and GraphQL', async () => {
    const { review, author, readers } = await reportedReview({ reporters: 1 })
    const [report] = await reportsOn(review.id)
    const { editor, owner } = await others()
    for (const member of [author, editor, owner, readers[0]]) {
      await rest('PATCH', `/reviews/${review.id}`, {
        token: member.token,
        body: { status: 'hidden', hiddenReason: 'mine' },
      })
      const patched = await rest('PATCH', `/review-reports/${report.id}`, {
        token: member.token,
        body: { status: 'dismissed' },
      })
      expect(patched.status).toBe(403)
      const viaGraphql = await graphql(
        `
          mutation ($id: Int!) {
            updateReviewReport(id: $id, data: { status: dismissed }) {
              id
            }
          }
        `,
        { token: member.token, variables: { id: report.id } },
      )
      expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    }
    const stored = await reviewOf(review.id)
    expect([stored.status, stored.hiddenReason ?? null]).toEqual(['published', null])
    expect((await reportsOn(review.id)).map((entry) => entry.status)).toEqual(['open'])
  })

  it('should record who decided a report changed by an admin through REST', async () => {
    const { review } = await reportedReview({ reporters: 1 })
    const [report] = await reportsOn(review.id)
    const moderator = await admin()
    const patched = await rest('PATCH', `/review-reports/${report.id}`, {
      token: moderator.token,
      body: { status: 'dismissed', handledBy: 1, reason: 'spam' },
    })
    expect(patched.status, JSON.stringify(patched.json)).toBe(200)
    const [stored] = await reportsOn(review.id)
    expect([stored.status, stored.handledBy, stored.reason]).toEqual([
      'dismissed',
      moderator.user.id,
      'spam',
    ])
    expect(stored.handledAt).toBeTruthy()
  })
})

describe('resources waiting for approval', () => {
  /** An owner (whose mail is read in `locale`) with a resource waiting for approval. */
  const pendingResource = async (locale: 'ru' | 'en' = 'ru') => {
    const owner = await createMember({ payload, role: 'owner' })
    await payload.update({ collection: 'users', id: owner.user.id, data: { locale } })
    const resource = await createResource({
      payload,
      owner: owner.user.id,
      status: 'pending',
      title: `Pending ${unique()}`,
    })
    return { owner, resource }
  }

  it('should list them for admins, oldest first, the newest on the last page', async () => {
    const { resource } = await pendingResource()
    const moderator = await admin()
    const first = await rest('POST', '/get-moderation-resources', {
      token: moderator.token,
      body: {},
    })
    expect(first.status).toBe(200)
    const last = await rest('POST', '/get-moderation-resources', {
      token: moderator.token,
      body: { page: first.json.total_pages },
    })
    const dates = last.json.resources.map((entry: { created_at: string }) => entry.created_at)
    expect(dates).toEqual([...dates].sort())
    expect(last.json.resources.at(-1)).toMatchObject({
      id: resource.id,
      status: 'pending',
      links: ['https://example.com'],
    })
  })

  it('should approve a resource and tell its owner, in the owner’s language', async () => {
    const { owner, resource } = await pendingResource('en')
    const { status, json } = await decide(await admin(), { id: resource.id, decision: 'approve' })
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json.resource).toMatchObject({ status: 'published', rejection_reason: null })
    expect((await resourceOf(resource.id)).status).toBe('published')
    const mail = await waitForMail({ to: owner.user.email })
    expect(mail.subject).toContain(`“${resource.title}” is published`)
    expect(mail.text).toContain('/en/account')
  })

  it('should refuse a rejection without a reason, and send the reason to the owner', async () => {
    const { owner, resource } = await pendingResource('ru')
    const moderator = await admin()
    const refused = await decide(moderator, { id: resource.id, decision: 'reject', reason: '  ' })
    expect([refused.status, refused.json.errors]).toEqual([
      422,
      { reason: ['This field is required.'] },
    ])
    expect((await resourceOf(resource.id)).status).toBe('pending')
    expect(await mailsTo(owner.user.email)).toEqual([])

    const { status, json } = await decide(moderator, {
      id: resource.id,
      decision: 'reject',
      reason: 'Ссылка ведёт на чужой сайт',
    })
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json.resource).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Ссылка ведёт на чужой сайт',
    })
    const mail = await waitForMail({ to: owner.user.email })
    expect(mail.subject).toContain('не прошёл проверку')
    expect(mail.text).toContain('Причина: Ссылка ведёт на чужой сайт')
    // The owner reads it on their resources too.
    const mine = await listMyResources({ user: owner.user, locale: 'ru', page: 1 })
    expect(mine?.resources.find((entry) => entry.id === resource.id)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Ссылка ведёт на чужой сайт',
    })
  })

  it('should send a rejected resource back to the queue when its owner edits it, the reason kept for the moderators', async () => {
    const { owner, resource } = await pendingResource()
    await decide(await admin(), { id: resource.id, decision: 'reject', reason: 'No contacts' })
    const edited = await rest('PATCH', `/resources/${resource.id}`, {
      token: owner.token,
      body: { anons: 'Now with contacts' },
    })
    expect(edited.status, JSON.stringify(edited.json)).toBe(200)
    const stored = await resourceOf(resource.id)
    expect([stored.status, stored.rejectionReason]).toEqual(['pending', 'No contacts'])
    await decide(await admin(), { id: resource.id, decision: 'approve' })
    const approved = await resourceOf(resource.id)
    expect([approved.status, approved.rejectionReason ?? null]).toEqual(['published', null])
  })

  it('should refuse a rejection without a reason on REST and GraphQL too', async () => {
    const { owner, resource } = await pendingResource('en')
    const moderator = await admin()
    const viaRest = await rest('PATCH', `/resources/${resource.id}`, {
      token: moderator.token,
      headers: english,
      body: { status: 'rejected' },
    })
    expect(viaRest.status).toBe(400)
    expect(JSON.stringify(viaRest.json)).toContain('rejectionReason')
    const viaGraphql = await graphql(
      `
        mutation ($id: Int!) {
          updateResource(id: $id, data: { status: rejected }) {
            id
          }
        }
      `,
      { token: moderator.token, variables: { id: resource.id } },
    )
    expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    expect((await resourceOf(resource.id)).status).toBe('pending')
    const done = await rest('PATCH', `/resources/${resource.id}`, {
      token: moderator.token,
      body: { status: 'rejected', rejectionReason: 'Duplicate of another resource' },
    })
    expect(done.status, JSON.stringify(done.json)).toBe(200)
    const mail = await waitForMail({ to: owner.user.email })
    expect(mail.text).toContain('Reason: Duplicate of another resource')
  })

  it('should let only admins approve or reject, on every door', async () => {
    const { owner, resource } = await pendingResource()
    const { user, editor } = await others()
    for (const member of [owner, user, editor]) {
      for (const decision of ['approve', 'reject']) {
        const { status } = await decide(member, { id: resource.id, decision, reason: 'x' })
        expect(status).toBe(403)
      }
      await rest('PATCH', `/resources/${resource.id}`, {
        token: member.token,
        body: { status: 'published' },
      })
      await graphql(
        `
          mutation ($id: Int!) {
            updateResource(id: $id, data: { status: published }) {
              id
            }
          }
        `,
        { token: member.token, variables: { id: resource.id } },
      )
    }
    expect((await resourceOf(resource.id)).status).toBe('pending')
    expect(await mailsTo(owner.user.email)).toEqual([])
  })
})
