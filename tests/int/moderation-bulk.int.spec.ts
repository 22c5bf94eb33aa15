import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MODERATION_BULK_MAX, MODERATION_UNDO_SECONDS } from '@/lib/moderation'
import { undoToken } from '@/server/undoToken'

import { createMember, createResource, unique } from '../helpers/directory'
import { mailsTo, waitForMail } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

/**
 * Moderators at volume (issue 42, item 11): many items of a queue decided in one call, each by the
 * collections' rules with the moderator's access and reported one by one; the last decision
 * undone for a short time; and support's saved replies, the team's alone on every door.
 */

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }

type Member = Awaited<ReturnType<typeof createMember>>

let adminMember: Member
const admin = async () => (adminMember ??= await createMember({ payload, role: 'admin' }))

const bulk = (member: Member, body: Record<string, unknown>) =>
  rest('POST', '/moderate-in-bulk', { token: member.token, headers: english, body })

const undo = (member: Member, token: string) =>
  rest('POST', '/undo-moderation', { token: member.token, headers: english, body: { token } })

/** A published review on a new resource, reported by one new reader. */
const reportedReview = async () => {
  const [author, resource, reader] = await Promise.all([
    createMember({ payload }),
    createResource({ payload, type: 'shop' }),
    createMember({ payload }),
  ])
  const review = await payload.create({
    collection: 'reviews',
    data: {
      resource: resource.id,
      author: author.user.id,
      grade: 1,
      comment: `Spam ${unique()}`,
      status: 'published',
    },
  })
  const sent = await rest('POST', '/report-review', {
    token: reader.token,
    body: { review_id: review.id, reason: 'spam' },
  })
  expect(sent.status, JSON.stringify(sent.json)).toBe(200)
  return { review, resource }
}

const reviewOf = (id: number) => payload.findByID({ collection: 'reviews', id, depth: 0 })
const resourceOf = (id: number) => payload.findByID({ collection: 'resources', id, depth: 0 })

const reportStates = async (reviewId: number) =>
  (
    await payload.find({
      collection: 'review-reports',
      where: { review: { equals: reviewId } },
      depth: 0,
    })
  ).docs.map((report) => [report.status, report.handledBy ?? null])

describe('the bulk call and the undo, by whom', () => {
  it('should refuse a plain member and an owner the bulk call and the undo, and a guest', async () => {
    const { review } = await reportedReview()
    const moderator = await admin()
    const decided = await bulk(moderator, {
      queue: 'reports',
      ids: [review.id],
      action: 'dismiss',
    })
    const token = decided.json.undo.token as string
    for (const role of ['user', 'owner'] as const) {
      const member = await createMember({ payload, role })
      const body = { queue: 'reports', ids: [review.id], action: 'hide', reason: 'mine' }
      expect((await bulk(member, body)).status).toBe(403)
      expect((await undo(member, token)).status).toBe(403)
    }
    expect((await rest('POST', '/moderate-in-bulk', { body: {} })).status).toBe(401)
    expect((await rest('POST', '/undo-moderation', { body: { token } })).status).toBe(401)
    expect((await reviewOf(review.id)).status).toBe('published')
    expect(await reportStates(review.id)).toEqual([['dismissed', moderator.user.id]])
  })

  it('should let neither a plain member nor an owner make the same decisions through REST or GraphQL', async () => {
    const { review, resource } = await reportedReview()
    const [report] = (
      await payload.find({ collection: 'review-reports', where: { review: { equals: review.id } } })
    ).docs
    for (const role of ['user', 'owner'] as const) {
      const { token } = await createMember({ payload, role })
      const patched = await rest('PATCH', `/review-reports/${report.id}`, {
        token,
        body: { status: 'dismissed' },
      })
      expect(patched.status).toBe(403)
      await rest('PATCH', `/resources/${resource.id}`, {
        token,
        body: { status: 'rejected', rejectionReason: 'mine' },
      })
      const viaGraphql = await graphql(
        `
          mutation ($id: Int!) {
            updateReview(id: $id, data: { status: hidden, hiddenReason: "x" }) {
              id
            }
          }
        `,
        { token, variables: { id: review.id } },
      )
      expect(viaGraphql.json?.errors?.length).toBeGreaterThan(0)
    }
    expect((await reviewOf(review.id)).status).toBe('published')
    expect((await resourceOf(resource.id)).status).toBe('published')
    expect(await reportStates(review.id)).toEqual([['open', null]])
  })

  it('should refuse a batch without its reason, too large, or with another queue’s action', async () => {
    const moderator = await admin()
    const noReason = await bulk(moderator, { queue: 'reports', ids: [1], action: 'hide' })
    expect([noReason.status, noReason.json.errors]).toEqual([
      422,
      { reason: ['This field is required.'] },
    ])
    const ids = Array.from({ length: MODERATION_BULK_MAX + 1 }, (_, index) => index + 1)
    const tooMany = await bulk(moderator, { queue: 'contacts', ids, action: 'process' })
    expect([tooMany.status, Object.keys(tooMany.json.errors)]).toEqual([422, ['ids']])
    const wrong = await bulk(moderator, { queue: 'resources', ids: [1], action: 'hide' })
    expect([wrong.status, Object.keys(wrong.json.errors)]).toEqual([422, ['action']])
    const none = await bulk(moderator, { queue: 'held', ids: [], action: 'publish' })
    expect(none.status).toBe(422)
  })
})

describe('reported reviews in bulk', () => {
  it('should hide several with one reason, say which failed and why, and undo them', async () => {
    const moderator = await admin()
    const [first, second, decidedBefore] = await Promise.all([
      reportedReview(),
      reportedReview(),
      reportedReview(),
    ])
    await bulk(moderator, { queue: 'reports', ids: [decidedBefore.review.id], action: 'dismiss' })
    const missing = 2_000_000_000
    const ids = [first.review.id, decidedBefore.review.id, second.review.id, missing]
    const { status, json } = await bulk(moderator, {
      queue: 'reports',
      ids,
      action: 'hide',
      reason: 'Advertising, posted many times',
    })
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json.done).toEqual([first.review.id, second.review.id])
    expect(json.failed).toEqual([
      { id: decidedBefore.review.id, code: 'already-decided', message: expect.any(String) },
      { id: missing, code: 'review-not-found', message: 'Review not found.' },
    ])
    expect(json.undo).toMatchObject({ token: expect.any(String), notified: 0 })
    for (const { review, resource } of [first, second]) {
      const stored = await reviewOf(review.id)
      expect([stored.status, stored.hiddenReason]).toEqual([
        'hidden',
        'Advertising, posted many times',
      ])
      expect(await reportStates(review.id)).toEqual([['actioned', moderator.user.id]])
      expect((await resourceOf(resource.id)).reviewCount).toBe(0)
    }

    const undone = await undo(moderator, json.undo.token)
    expect([undone.status, undone.json.undone, undone.json.failed]).toEqual([
      200,
      [first.review.id, second.review.id],
      [],
    ])
    for (const { review, resource } of [first, second]) {
      const stored = await reviewOf(review.id)
      expect([stored.status, stored.hiddenReason ?? null]).toEqual(['published', null])
      expect(await reportStates(review.id)).toEqual([['open', null]])
      expect((await resourceOf(resource.id)).reviewCount).toBe(1)
    }
    // The item the batch did not decide is left as it was.
    expect(await reportStates(decidedBefore.review.id)).toEqual([['dismissed', moderator.user.id]])
  })

  it('should undo nothing twice, and leave an item someone decided again since', async () => {
    const moderator = await admin()
    const [kept, redecided] = await Promise.all([reportedReview(), reportedReview()])
    const { json } = await bulk(moderator, {
      queue: 'reports',
      ids: [kept.review.id, redecided.review.id],
      action: 'dismiss',
    })
    // Another admin opens the second's report again and hides the review meanwhile.
    await payload.update({
      collection: 'review-reports',
      where: { review: { equals: redecided.review.id } },
      data: { status: 'open' },
    })
    const other = await createMember({ payload, role: 'admin' })
    await rest('POST', '/moderate-review', {
      token: other.token,
      body: { review_id: redecided.review.id, action: 'hide', reason: 'Fake' },
    })
    const undone = await undo(moderator, json.undo.token)
    expect(undone.json.undone).toEqual([kept.review.id])
    expect(undone.json.failed).toEqual([
      { id: redecided.review.id, code: 'changed-since', message: expect.any(String) },
    ])
    expect((await reviewOf(redecided.review.id)).status).toBe('hidden')
    const again = await undo(moderator, json.undo.token)
    expect(again.json.failed.map((failure: { code: string }) => failure.code)).toEqual([
      'changed-since',
      'changed-since',
    ])
  })

  it('should refuse an undo to another admin, a forged one, and one past its time', async () => {
    const moderator = await admin()
    const { review } = await reportedReview()
    const { json } = await bulk(moderator, {
      queue: 'reports',
      ids: [review.id],
      action: 'dismiss',
    })
    const other = await createMember({ payload, role: 'admin' })
    expect((await undo(other, json.undo.token)).status).toBe(422)
    const forged = `${json.undo.token.slice(0, -2)}AA`
    expect((await undo(moderator, forged)).status).toBe(422)
    const late = undoToken({
      userId: moderator.user.id,
      at: new Date(Date.now() - (MODERATION_UNDO_SECONDS + 1) * 1000),
      seconds: MODERATION_UNDO_SECONDS,
      steps: [
        { queue: 'reports', id: review.id, action: 'dismiss', hid: false, from: 'published' },
      ],
    })
    const expired = await undo(moderator, late.token)
    expect([expired.status, expired.json.code]).toEqual([410, 'undo-expired'])
    expect(await reportStates(review.id)).toEqual([['dismissed', moderator.user.id]])
  })

  it('should offer the undo of a single hide too', async () => {
    const moderator = await admin()
    const { review } = await reportedReview()
    const { json } = await rest('POST', '/moderate-review', {
      token: moderator.token,
      body: { review_id: review.id, action: 'hide', reason: 'Insults' },
    })
    expect(json.undo).toMatchObject({ notified: 0 })
    expect((await undo(moderator, json.undo.token)).json.undone).toEqual([review.id])
    expect((await reviewOf(review.id)).status).toBe('published')
    expect(await reportStates(review.id)).toEqual([['open', null]])
  })
})

describe('resources, held reviews and contact messages in bulk', () => {
  it('should approve and reject resources by the resources’ rules, mailing each owner, and undo back to the queue', async () => {
    const moderator = await admin()
    const owners = await Promise.all([0, 1].map(() => createMember({ payload, role: 'owner' })))
    const [first, second] = await Promise.all(
      owners.map((owner) =>
        createResource({ payload, owner: owner.user.id, status: 'pending', title: unique() }),
      ),
    )
    const rejected = await bulk(moderator, {
      queue: 'resources',
      ids: [first.id, second.id],
      action: 'reject',
      reason: 'The address leads elsewhere',
    })
    expect([rejected.json.done, rejected.json.undo.notified]).toEqual([[first.id, second.id], 2])
    for (const [index, resource] of [first, second].entries()) {
      const stored = await resourceOf(resource.id)
      expect([stored.status, stored.rejectionReason]).toEqual([
        'rejected',
        'The address leads elsewhere',
      ])
      expect((await waitForMail({ to: owners[index].user.email })).text).toContain(
        'The address leads elsewhere',
      )
    }
    const undone = await undo(moderator, rejected.json.undo.token)
    expect(undone.json.undone).toEqual([first.id, second.id])
    for (const resource of [first, second]) {
      const stored = await resourceOf(resource.id)
      expect([stored.status, stored.rejectionReason ?? null]).toEqual(['pending', null])
    }
    // The mail had gone: an undo does not recall it, and back in the queue mails nothing more.
    expect(await mailsTo(owners[0].user.email)).toHaveLength(1)
  })

  it('should publish and hide held reviews, and undo them back to held', async () => {
    const moderator = await admin()
    const resource = await createResource({ payload, type: 'forum' })
    const held = await Promise.all(
      [0, 1].map(async () =>
        payload.create({
          collection: 'reviews',
          data: {
            resource: resource.id,
            author: (await createMember({ payload })).user.id,
            grade: 5,
            comment: `Held ${unique()}`,
            status: 'pending',
          },
        }),
      ),
    )
    const ids = held.map((review) => review.id)
    const hidden = await bulk(moderator, { queue: 'held', ids, action: 'hide', reason: 'A burst' })
    expect(hidden.json.done).toEqual(ids)
    const published = await bulk(moderator, { queue: 'held', ids, action: 'publish' })
    expect(published.json.failed.map((failure: { code: string }) => failure.code)).toEqual([
      'already-decided',
      'already-decided',
    ])
    await undo(moderator, hidden.json.undo.token)
    const again = await bulk(moderator, { queue: 'held', ids, action: 'publish' })
    expect(again.json.done).toEqual(ids)
    expect((await resourceOf(resource.id)).reviewCount).toBe(2)
    await undo(moderator, again.json.undo.token)
    for (const id of ids) expect((await reviewOf(id)).status).toBe('pending')
    expect((await resourceOf(resource.id)).reviewCount).toBe(0)
  })

  it('should mark contact messages processed and undo it', async () => {
    const moderator = await admin()
    const messages = await Promise.all(
      [0, 1].map(() =>
        payload.create({
          collection: 'contact-messages',
          data: { name: 'Visitor', email: 'v@example.com', subject: unique(), message: 'Hi' },
        }),
      ),
    )
    const ids = messages.map((message) => message.id)
    const { json } = await bulk(moderator, { queue: 'contacts', ids, action: 'process' })
    expect(json.done).toEqual(ids)
    for (const id of ids) {
      const stored = await payload.findByID({ collection: 'contact-messages', id, depth: 0 })
      expect([stored.handled, stored.handledBy]).toEqual([true, moderator.user.id])
    }
    expect((await undo(moderator, json.undo.token)).json.undone).toEqual(ids)
    for (const id of ids) {
      const stored = await payload.findByID({ collection: 'contact-messages', id, depth: 0 })
      expect([stored.handled, stored.handledBy ?? null]).toEqual([false, null])
    }
  })
})

describe('saved replies', () => {
  const create = `mutation ($title: String!, $text: String!) {
    createSavedReply(data: { title: $title, text: $text }) { id title }
  }`
  const list = `{ SavedReplies { docs { id title text } } }`

  it('should be kept by admins, with who wrote each, and listed for the reply boxes', async () => {
    const moderator = await admin()
    const title = `Payment delays ${unique()}`
    const created = await rest('POST', '/saved-replies', {
      token: moderator.token,
      body: { title, text: 'Payments can take up to 24 hours.', createdBy: 1 },
    })
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    expect(created.json.doc.createdBy).toMatchObject({ id: moderator.user.id })
    const viaGraphql = await graphql(create, {
      token: moderator.token,
      variables: { title: `${title} (2)`, text: 'Second' },
    })
    expect(viaGraphql.json?.data?.createSavedReply).toMatchObject({ title: `${title} (2)` })
    const { status, json } = await rest('GET', '/get-saved-replies', { token: moderator.token })
    expect(status).toBe(200)
    expect(
      json.replies.filter((reply: { title: string }) => reply.title.startsWith(title)),
    ).toEqual([
      { id: created.json.doc.id, title, text: 'Payments can take up to 24 hours.' },
      { id: expect.any(Number), title: `${title} (2)`, text: 'Second' },
    ])
  })

  it('should refuse a plain member and an owner on the site’s call, REST and GraphQL', async () => {
    const moderator = await admin()
    const kept = await payload.create({
      collection: 'saved-replies',
      data: { title: `Kept ${unique()}`, text: 'Internal wording' },
    })
    for (const role of ['user', 'owner'] as const) {
      const { token } = await createMember({ payload, role })
      expect((await rest('GET', '/get-saved-replies', { token })).status).toBe(403)
      expect((await rest('GET', '/saved-replies', { token })).status).toBe(403)
      expect((await rest('GET', `/saved-replies/${kept.id}`, { token })).status).toBe(403)
      const posted = await rest('POST', '/saved-replies', {
        token,
        body: { title: 'x', text: 'y' },
      })
      expect(posted.status).toBe(403)
      const patched = await rest('PATCH', `/saved-replies/${kept.id}`, {
        token,
        body: { text: 'changed' },
      })
      expect(patched.status).toBe(403)
      expect((await rest('DELETE', `/saved-replies/${kept.id}`, { token })).status).toBe(403)
      const read = await graphql(list, { token })
      expect(read.json?.errors?.length).toBeGreaterThan(0)
      const written = await graphql(create, { token, variables: { title: 'x', text: 'y' } })
      expect(written.json?.errors?.length).toBeGreaterThan(0)
    }
    expect((await rest('GET', '/get-saved-replies')).status).toBe(401)
    const stored = await payload.findByID({ collection: 'saved-replies', id: kept.id })
    expect(stored.text).toBe('Internal wording')
    expect(
      (await rest('GET', `/saved-replies/${kept.id}`, { token: moderator.token })).status,
    ).toBe(200)
  })
})
