import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createMember, createResource } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }

const review = (resourceId: number, overrides: Record<string, unknown> = {}) => ({
  resource_id: resourceId,
  grade: 4,
  comment: 'Paid out on time, support answered within the hour.',
  criteria: { reliability: 5, support: 4 },
  ...overrides,
})

const stored = (id: number) => payload.findByID({ collection: 'resources', id, depth: 0 })

describe('add-reviews', () => {
  it('should add a review and bring the resource rating up to date', async () => {
    const resource = await createResource({ payload })
    const first = await createMember({ payload })
    const second = await createMember({ payload })
    const { status, json } = await rest('POST', '/add-reviews', {
      body: review(resource.id, { grade: 5, criteria: { reliability: 5, fees: 3 } }),
      token: first.token,
    })
    expect(status).toBe(200)
    expect(json).toMatchObject({
      status: 200,
      review: { grade: 5, author: { display_name: first.user.displayName } },
    })
    await rest('POST', '/add-reviews', {
      body: review(resource.id, { grade: 2, criteria: { reliability: 2 } }),
      token: second.token,
    })
    expect(await stored(resource.id)).toMatchObject({
      reviewCount: 2,
      ratingAverage: 3.5,
      ratingDistribution: { '1': 0, '2': 1, '3': 0, '4': 0, '5': 1 },
      criteriaAverages: { reliability: 3.5, fees: 3 },
    })
  })

  it('should refuse a second review by the same user with a clear message', async () => {
    const resource = await createResource({ payload })
    const { token } = await createMember({ payload })
    await rest('POST', '/add-reviews', { body: review(resource.id), token })
    const { status, json } = await rest('POST', '/add-reviews', {
      body: review(resource.id),
      token,
      headers: english,
    })
    expect([status, json.errors.resource_id[0]]).toEqual([
      422,
      'You have already reviewed this resource. You can edit your review under “My reviews”.',
    ])
  })

  it('should keep one review when the same user sends two at once', async () => {
    const resource = await createResource({ payload })
    const { user, token } = await createMember({ payload })
    const answers = await Promise.all(
      [1, 2, 3].map(() => rest('POST', '/add-reviews', { body: review(resource.id), token })),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422])
    const { totalDocs } = await payload.count({
      collection: 'reviews',
      where: { author: { equals: user.id }, resource: { equals: resource.id } },
    })
    expect(totalDocs).toBe(1)
    expect((await stored(resource.id)).reviewCount).toBe(1)
  })

  it('should count every review when many users review at once', async () => {
    const resource = await createResource({ payload })
    // Members of a while: a burst from new accounts would be held (tests/int/review-guard).
    const members = await Promise.all(
      [1, 2, 3, 4].map(() => createMember({ payload, joinedDaysAgo: 30 })),
    )
    await Promise.all(
      members.map(({ token }, i) =>
        rest('POST', '/add-reviews', { body: review(resource.id, { grade: i + 1 }), token }),
      ),
    )
    expect(await stored(resource.id)).toMatchObject({ reviewCount: 4, ratingAverage: 2.5 })
  })

  it('should ask a guest to sign in', async () => {
    const resource = await createResource({ payload })
    const { status } = await rest('POST', '/add-reviews', { body: review(resource.id) })
    expect(status).toBe(401)
  })

  it('should tell a blocked user so', async () => {
    const resource = await createResource({ payload })
    const { user, token } = await createMember({ payload })
    await payload.update({ collection: 'users', id: user.id, data: { blocked: true } })
    const { status, json } = await rest('POST', '/add-reviews', {
      body: review(resource.id),
      token,
      headers: english,
    })
    expect([status, json.message]).toEqual([402, 'You are blocked.'])
  })

  it('should refuse a grade outside 1..5 and a criterion outside 1..5', async () => {
    const resource = await createResource({ payload })
    const { token } = await createMember({ payload })
    const grade = await rest('POST', '/add-reviews', {
      body: review(resource.id, { grade: 6 }),
      token,
      headers: english,
    })
    const criterion = await rest('POST', '/add-reviews', {
      body: review(resource.id, { criteria: { reliability: 0 } }),
      token,
      headers: english,
    })
    expect([grade.status, grade.json.errors.grade[0]]).toEqual([
      422,
      'The grade must be from 1 to 5.',
    ])
    expect(criterion.status).toBe(422)
    expect((await stored(resource.id)).reviewCount).toBe(0)
  })

  it('should require a comment', async () => {
    const resource = await createResource({ payload })
    const { token } = await createMember({ payload })
    const { status, json } = await rest('POST', '/add-reviews', {
      body: review(resource.id, { comment: '   ' }),
      token,
      headers: english,
    })
    expect([status, json.errors.comment[0]]).toEqual([422, 'This field is required.'])
  })

  it('should drop criteria that the resource type does not rate', async () => {
    const resource = await createResource({ payload, type: 'forum' })
    const { token } = await createMember({ payload })
    const { json } = await rest('POST', '/add-reviews', {
      body: review(resource.id, { criteria: { community: 5, fees: 1 } }),
      token,
    })
    expect(json.review.criteria).toEqual({ community: 5 })
  })

  it('should keep markup in a comment as the text it is', async () => {
    const resource = await createResource({ payload })
    const { token } = await createMember({ payload })
    const comment = '<img src=x onerror=alert(1)> **bold**'
    const { json } = await rest('POST', '/add-reviews', {
      body: review(resource.id, { comment }),
      token,
    })
    expect(json.review.comment).toBe(comment)
  })

  it('should not take reviews of a resource awaiting moderation', async () => {
    const resource = await createResource({ payload, status: 'pending' })
    const { token } = await createMember({ payload })
    const { status } = await rest('POST', '/add-reviews', { body: review(resource.id), token })
    expect(status).toBe(404)
  })

  it('should not let an owner review their own resource', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const resource = await createResource({ payload, owner: owner.user.id })
    const { status } = await rest('POST', '/add-reviews', {
      body: review(resource.id),
      token: owner.token,
    })
    expect(status).toBe(403)
  })

  it('should make the signed-in user the author through the REST API too', async () => {
    const resource = await createResource({ payload })
    const me = await createMember({ payload })
    const someoneElse = await createMember({ payload })
    const { status, json } = await rest('POST', '/reviews', {
      body: { resource: resource.id, author: someoneElse.user.id, grade: 3, comment: 'Fine' },
      token: me.token,
    })
    expect(status).toBe(201)
    expect(json.doc.author.id ?? json.doc.author).toBe(me.user.id)
  })
})

describe('the reviews of a resource taken off the directory', () => {
  it('should show them to nobody but their authors and admins, on every door', async () => {
    const resource = await createResource({ payload })
    const author = await createMember({ payload })
    const reader = await createMember({ payload })
    const admin = await createMember({ payload, role: 'admin' })
    const written = await payload.create({
      collection: 'reviews',
      data: {
        resource: resource.id,
        author: author.user.id,
        grade: 2,
        comment: 'Written while the resource was listed.',
        status: 'published',
      },
    })
    const read = (token?: string) => rest('GET', `/reviews/${written.id}?depth=0`, { token })
    expect((await read()).status).toBe(200)
    await payload.update({ collection: 'resources', id: resource.id, data: { status: 'pending' } })
    for (const token of [undefined, reader.token]) {
      expect((await read(token)).status).toBe(404)
      const list = await rest('GET', `/reviews?where[resource][equals]=${resource.id}&depth=0`, {
        token,
      })
      expect(list.json.totalDocs).toBe(0)
      const answer = await graphql('query ($id: Int!) { Review(id: $id) { id comment } }', {
        variables: { id: written.id },
        token,
      })
      expect(JSON.stringify(answer.json)).not.toContain('Written while the resource was listed.')
    }
    expect((await read(author.token)).status).toBe(200)
    expect((await read(admin.token)).status).toBe(200)
  })
})

describe('user-has-review', () => {
  it('should say whether the user reviewed the resource', async () => {
    const resource = await createResource({ payload })
    const { token } = await createMember({ payload })
    const before = await rest('POST', '/user-has-review', {
      body: { resource_id: resource.id },
      token,
    })
    await rest('POST', '/add-reviews', { body: review(resource.id), token })
    const after = await rest('POST', '/user-has-review', {
      body: { resource_id: resource.id },
      token,
    })
    expect([before.json, after.json]).toEqual([
      { status: 200, has_review: false },
      { status: 200, has_review: true },
    ])
  })
})

describe('the reviews of one user', () => {
  it('should list, change and delete only the caller’s own reviews', async () => {
    const resource = await createResource({ payload })
    const other = await createResource({ payload })
    const me = await createMember({ payload })
    const stranger = await createMember({ payload })
    const mine = await rest('POST', '/add-reviews', { body: review(resource.id), token: me.token })
    await rest('POST', '/add-reviews', { body: review(other.id), token: stranger.token })
    const id = mine.json.review.id

    const list = await rest('POST', '/get-my-reviews', { body: {}, token: me.token })
    expect(list.json.reviews.map((r: { id: number }) => r.id)).toEqual([id])

    const foreign = await rest('POST', '/update-my-reviews', {
      body: { review_id: id, grade: 1 },
      token: stranger.token,
    })
    expect(foreign.status).toBe(404)

    const updated = await rest('POST', '/update-my-reviews', {
      body: { review_id: id, grade: 2, comment: 'Slower lately.' },
      token: me.token,
    })
    expect(updated.json.review).toMatchObject({ grade: 2, comment: 'Slower lately.' })
    expect((await stored(resource.id)).ratingAverage).toBe(2)

    expect(
      (await rest('POST', '/delete-my-reviews', { body: { review_id: id }, token: stranger.token }))
        .status,
    ).toBe(404)
    const deleted = await rest('POST', '/delete-my-reviews', {
      body: { review_id: id },
      token: me.token,
    })
    expect(deleted.status).toBe(200)
    expect(await stored(resource.id)).toMatchObject({ reviewCount: 0, ratingAverage: 0 })
  })

  it('should change the criteria of an own review, checked as add-reviews checks them', async () => {
    const resource = await createResource({ payload })
    const me = await createMember({ payload })
    const mine = await rest('POST', '/add-reviews', { body: review(resource.id), token: me.token })
    const id = mine.json.review.id

    const updated = await rest('POST', '/update-my-reviews', {
      body: { review_id: id, criteria: { reliability: 2, fees: 4, community: 5 } },
      token: me.token,
    })
    expect(updated.status).toBe(200)
    expect(updated.json.review.criteria).toEqual({ reliability: 2, fees: 4 })
    expect((await stored(resource.id)).criteriaAverages).toEqual({ reliability: 2, fees: 4 })

    const refused = await rest('POST', '/update-my-reviews', {
      body: { review_id: id, criteria: { reliability: 6 } },
      token: me.token,
      headers: english,
    })
    expect(refused.status).toBe(422)
    expect((await payload.findByID({ collection: 'reviews', id, depth: 0 })).criteria).toEqual({
      reliability: 2,
      fees: 4,
    })
  })
})

describe('get-last-reviews', () => {
  it('should give the newest published reviews first, up to the limit', async () => {
    const resource = await createResource({ payload })
    const authors = await Promise.all([1, 2, 3].map(() => createMember({ payload })))
    for (const [i, { token }] of authors.entries()) {
      await rest('POST', '/add-reviews', {
        body: review(resource.id, { comment: `Review number ${i}` }),
        token,
      })
    }
    const hidden = await payload.find({
      collection: 'reviews',
      where: { comment: { equals: 'Review number 2' }, resource: { equals: resource.id } },
    })
    await payload.update({
      collection: 'reviews',
      id: hidden.docs[0].id,
      data: { status: 'hidden', hiddenReason: 'Spam' },
    })
    const { status, json } = await rest('POST', '/get-last-reviews', { body: { limit: 2 } })
    expect(status).toBe(200)
    expect(json.reviews.map((r: { comment: string }) => r.comment)).toEqual([
      'Review number 1',
      'Review number 0',
    ])
    expect(json.reviews[0].resource).toMatchObject({ id: resource.id })
  })
})

describe('replies', () => {
  it('should let the owner reply once, and an operator of the type on the employer’s resource', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const operator = await createMember({
      payload,
      role: 'marketplaceOperator',
      employer: owner.user.id,
    })
    const wrongType = await createMember({
      payload,
      role: 'forumOperator',
      employer: owner.user.id,
    })
    const resource = await createResource({ payload, owner: owner.user.id })
    const authors = await Promise.all([1, 2].map(() => createMember({ payload })))
    const [first, second] = await Promise.all(
      authors.map(({ token }) =>
        rest('POST', '/add-reviews', { body: review(resource.id), token }),
      ),
    )

    const reply = (token: string, id: number) =>
      rest('POST', '/reply-review', {
        body: { review_id: id, reply: 'Thank you!' },
        token,
        headers: english,
      })
    expect((await reply(authors[0].token, first.json.review.id)).status).toBe(403)
    expect((await reply(wrongType.token, first.json.review.id)).status).toBe(403)
    const answered = await reply(owner.token, first.json.review.id)
    expect(answered.json.review.reply).toMatchObject({
      text: 'Thank you!',
      author: owner.user.displayName,
    })
    const again = await reply(owner.token, first.json.review.id)
    expect([again.status, again.json.message]).toEqual([422, 'This review already has a reply.'])
    expect((await reply(operator.token, second.json.review.id)).status).toBe(200)
  })

  it('should not let an author write a reply through the REST API', async () => {
    const resource = await createResource({ payload })
    const { token } = await createMember({ payload })
    const { json } = await rest('POST', '/add-reviews', { body: review(resource.id), token })
    await rest('PATCH', `/reviews/${json.review.id}`, {
      body: { reply: { text: 'Answering myself' } },
      token,
    })
    const found = await payload.findByID({ collection: 'reviews', id: json.review.id })
    expect(found.reply?.text ?? null).toBeNull()
  })
})

describe('views-my-reviews', () => {
  it('should show an owner the reviews on their resources only', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const mine = await createResource({ payload, owner: owner.user.id })
    const theirs = await createResource({ payload })
    const author = await createMember({ payload })
    await rest('POST', '/add-reviews', { body: review(mine.id), token: author.token })
    await rest('POST', '/add-reviews', { body: review(theirs.id), token: author.token })
    const { json } = await rest('POST', '/views-my-reviews', { body: {}, token: owner.token })
    expect(json.reviews.map((r: { resource: { id: number } }) => r.resource.id)).toEqual([mine.id])
  })

  it('should refuse a user who manages no resource', async () => {
    const { token } = await createMember({ payload })
    const { status } = await rest('POST', '/views-my-reviews', { body: {}, token })
    expect(status).toBe(403)
  })
})
