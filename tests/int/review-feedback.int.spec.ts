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

/** A published review by a new member on a new resource, and another member who reads it. */
const reviewed = async () => {
  const resource = await createResource({ payload })
  const author = await createMember({ payload })
  const reader = await createMember({ payload })
  const added = await rest('POST', '/add-reviews', {
    body: { resource_id: resource.id, grade: 4, title: 'Fast payouts', comment: 'Paid in a day' },
    token: author.token,
  })
  expect(added.status).toBe(200)
  return { resource, author, reader, review: added.json.review as { id: number; title: string } }
}

const helpfulCount = async (id: number) =>
  Number((await payload.findByID({ collection: 'reviews', id, depth: 0 })).helpfulCount)

const vote = (token: string, reviewId: number, helpful = true) =>
  rest('POST', '/review-helpful', {
    body: { review_id: reviewId, helpful },
    token,
    headers: english,
  })

describe('review titles', () => {
  it('should keep an optional title and refuse one that is too long', async () => {
    const { review } = await reviewed()
    expect(review.title).toBe('Fast payouts')
    const resource = await createResource({ payload })
    const { token } = await createMember({ payload })
    const tooLong = await rest('POST', '/add-reviews', {
      body: { resource_id: resource.id, grade: 5, title: 'x'.repeat(121), comment: 'Good' },
      token,
      headers: english,
    })
    expect(tooLong.status).toBe(422)
    expect(Object.keys(tooLong.json.errors)).toEqual(['title'])
  })

  it('should let the author change or clear the title', async () => {
    const { author, review } = await reviewed()
    const update = (title: string) =>
      rest('POST', '/update-my-reviews', {
        body: { review_id: review.id, title },
        token: author.token,
      })
    expect((await update('Paid next morning')).json.review.title).toBe('Paid next morning')
    expect((await update('')).json.review.title).toBeNull()
  })
})

describe('helpful votes', () => {
  it('should count one vote per reader, twice or at once, and take it back', async () => {
    const { reader, review } = await reviewed()
    const answers = await Promise.all([
      vote(reader.token, review.id),
      vote(reader.token, review.id),
    ])
    expect(answers.map((a) => [a.status, a.json.helpful, a.json.helpful_count])).toEqual([
      [200, true, 1],
      [200, true, 1],
    ])
    expect(await helpfulCount(review.id)).toBe(1)

    const other = await createMember({ payload })
    expect((await vote(other.token, review.id)).json.helpful_count).toBe(2)
    const back = await vote(reader.token, review.id, false)
    expect([back.status, back.json.helpful, back.json.helpful_count]).toEqual([200, false, 1])
    expect(await helpfulCount(review.id)).toBe(1)
  })

  it('should refuse a vote on one’s own review, through every door', async () => {
    const { author, review } = await reviewed()
    const site = await vote(author.token, review.id)
    const viaRest = await rest('POST', '/review-votes', {
      body: { review: review.id, user: author.user.id },
      token: author.token,
      headers: english,
    })
    const viaGraphql = await graphql(
      `
        mutation ($review: Int!) {
          createReviewVote(data: { review: $review }) {
            id
          }
        }
      `,
      { variables: { review: review.id }, token: author.token, headers: english },
    )
    expect(site.status).toBe(422)
    expect(site.json.errors.review_id).toEqual(['You cannot mark your own review as helpful.'])
    expect(viaRest.status).toBe(400)
    expect(viaGraphql.json?.errors?.[0]).toBeDefined()
    expect(await helpfulCount(review.id)).toBe(0)
  })

  it('should not let anyone vote in another’s name or set the count', async () => {
    const { reader, review, author } = await reviewed()
    const other = await createMember({ payload })
    const inTheirName = await rest('POST', '/review-votes', {
      body: { review: review.id, user: other.user.id },
      token: reader.token,
    })
    expect(inTheirName.status).toBe(201)
    expect(inTheirName.json.doc.user).toMatchObject({ id: reader.user.id })
    const setCount = await rest('PATCH', `/reviews/${review.id}`, {
      body: { helpfulCount: 1000 },
      token: author.token,
    })
    expect(setCount.status).toBe(200)
    expect(await helpfulCount(review.id)).toBe(1)
  })

  it('should keep votes private and refuse guests and hidden reviews', async () => {
    const { reader, review } = await reviewed()
    await vote(reader.token, review.id)
    const other = await createMember({ payload })
    const theirs = await rest('GET', '/review-votes?limit=100', { token: other.token })
    expect(theirs.json.docs).toEqual([])
    const relations = await rest('GET', `/review-relations?ids=${review.id}`, {
      token: reader.token,
    })
    expect(relations.json.relations).toEqual([
      { review_id: review.id, helpful: true, reported: false, helpful_count: 1 },
    ])
    expect(
      (await rest('POST', '/review-helpful', { body: { review_id: review.id, helpful: true } }))
        .status,
    ).toBe(401)

    await payload.update({
      collection: 'reviews',
      id: review.id,
      data: { status: 'hidden', hiddenReason: 'Spam' },
    })
    const hidden = await vote(other.token, review.id)
    expect([hidden.status, hidden.json.message]).toEqual([422, 'Review not found.'])
    // A hidden review's count is no one's to read, even its voter's.
    const after = await rest('GET', `/review-relations?ids=${review.id}`, { token: reader.token })
    expect(after.json.relations[0]).toMatchObject({ helpful: true, helpful_count: null })
  })

  it('should answer malformed votes with 422, never 500', async () => {
    const { token } = await createMember({ payload })
    for (const body of [
      {},
      { review_id: 'abc', helpful: true },
      { review_id: 99999999999, helpful: true },
      { review_id: 1, helpful: 'yes' },
      { review_id: '1\u0000', helpful: true },
    ]) {
      const answer = await rest('POST', '/review-helpful', { body, token })
      expect(answer.status).toBe(422)
    }
    const missing = await vote(token, 2_000_000_000)
    expect(missing.status).toBe(422)
  })
})

describe('review reports', () => {
  it('should put a report in the admins’ queue once, hidden from other members', async () => {
    const { reader, review } = await reviewed()
    const report = () =>
      rest('POST', '/report-review', {
        body: { review_id: review.id, reason: 'spam', comment: 'Advertises another shop' },
        token: reader.token,
      })
    const [first, second] = await Promise.all([report(), report()])
    expect([first.status, second.status]).toEqual([200, 200])

    const admin = await createMember({ payload, role: 'admin' })
    // The open reports on this review only: the queue holds every file's.
    const queue = await rest(
      'GET',
      `/review-reports?where[status][equals]=open&where[review][equals]=${review.id}&depth=0`,
      { token: admin.token },
    )
    const mine = queue.json.docs.filter((doc: { review: number }) => doc.review === review.id)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ reason: 'spam', status: 'open', reporter: reader.user.id })

    const other = await createMember({ payload })
    const theirView = await rest('GET', '/review-reports?limit=100', { token: other.token })
    expect(theirView.json.docs).toEqual([])
    const relations = await rest('GET', `/review-relations?ids=${review.id}`, {
      token: reader.token,
    })
    expect(relations.json.relations[0]).toMatchObject({ reported: true })
  })

  it('should let only admins decide a report', async () => {
    const { reader, review } = await reviewed()
    await rest('POST', '/report-review', {
      body: { review_id: review.id, reason: 'fake' },
      token: reader.token,
    })
    const { docs } = await payload.find({
      collection: 'review-reports',
      where: { review: { equals: review.id } },
    })
    const id = docs[0].id
    const byReporter = await rest('PATCH', `/review-reports/${id}`, {
      body: { status: 'dismissed' },
      token: reader.token,
    })
    expect(byReporter.status).toBe(403)
    const admin = await createMember({ payload, role: 'admin' })
    const byAdmin = await rest('PATCH', `/review-reports/${id}`, {
      body: { status: 'actioned' },
      token: admin.token,
    })
    expect([byAdmin.status, byAdmin.json.doc.status]).toEqual([200, 'actioned'])
  })

  it('should refuse reporting one’s own review, an unknown reason and a guest', async () => {
    const { author, review } = await reviewed()
    const own = await rest('POST', '/report-review', {
      body: { review_id: review.id, reason: 'spam' },
      token: author.token,
      headers: english,
    })
    expect([own.status, own.json.message]).toEqual([422, 'You cannot report your own review.'])
    const { token } = await createMember({ payload })
    const unknown = await rest('POST', '/report-review', {
      body: { review_id: review.id, reason: 'boring' },
      token,
    })
    expect(unknown.status).toBe(422)
    const guest = await rest('POST', '/report-review', {
      body: { review_id: review.id, reason: 'spam' },
    })
    expect(guest.status).toBe(401)
    const count = await payload.count({
      collection: 'review-reports',
      where: { review: { equals: review.id } },
    })
    expect(count.totalDocs).toBe(0)
  })
})

describe('a review nobody can see', () => {
  const report = (token: string, reviewId: number) =>
    rest('POST', '/report-review', {
      body: { review_id: reviewId, reason: 'spam' },
      token,
      headers: english,
    })

  /** Every door's vote and report on `review` by `member`: the site's calls, REST, GraphQL. */
  const feedbackOf = async (member: { token: string; user: { id: number } }, reviewId: number) => {
    const site = [await vote(member.token, reviewId), await report(member.token, reviewId)]
    const viaRest = [
      await rest('POST', '/review-votes', {
        body: { review: reviewId, user: member.user.id },
        token: member.token,
      }),
      await rest('POST', '/review-reports', {
        body: { review: reviewId, reporter: member.user.id, reason: 'spam' },
        token: member.token,
      }),
    ]
    const viaGraphql = await graphql(
      'mutation ($review: Int!) { createReviewVote(data: { review: $review }) { id } }',
      { variables: { review: reviewId }, token: member.token },
    )
    return {
      site: site.map(({ status, json }) => [status, json.message]),
      rest: viaRest.map(({ status }) => status),
      graphql: viaGraphql.json?.data?.createReviewVote ?? null,
    }
  }

  const feedbackCount = async (reviewId: number) =>
    Promise.all(
      (['review-votes', 'review-reports'] as const).map(
        async (collection) =>
          (await payload.count({ collection, where: { review: { equals: reviewId } } })).totalDocs,
      ),
    )

  it('should take no vote or report once moderators hid it, nor say the old report is taken', async () => {
    const { reader, review } = await reviewed()
    expect((await vote(reader.token, review.id)).status).toBe(200)
    expect((await report(reader.token, review.id)).status).toBe(200)
    const admin = await createMember({ payload, role: 'admin' })
    const hide = await rest('POST', '/moderate-review', {
      token: admin.token,
      body: { review_id: review.id, action: 'hide', reason: 'Spam' },
    })
    expect(hide.status).toBe(200)

    const other = await createMember({ payload })
    expect(await feedbackOf(other, review.id)).toEqual({
      site: [
        [422, 'Review not found.'],
        [422, 'Review not found.'],
      ],
      rest: [400, 400],
      graphql: null,
    })
    // The reader's own report, sent again: the review is gone for them too.
    expect((await report(reader.token, review.id)).json).toMatchObject({
      status: 404,
      message: 'Review not found.',
    })
    expect(await feedbackCount(review.id)).toEqual([1, 1])
  })

  it('should take no vote or report on a review of a resource moderators took down', async () => {
    const { reader, review, resource } = await reviewed()
    await payload.update({ collection: 'resources', id: resource.id, data: { status: 'pending' } })
    expect(await feedbackOf(reader, review.id)).toEqual({
      site: [
        [422, 'Review not found.'],
        [422, 'Review not found.'],
      ],
      rest: [400, 400],
      graphql: null,
    })
    expect(await feedbackCount(review.id)).toEqual([0, 0])
    // Published again, its reviews take votes again.
    await payload.update({
      collection: 'resources',
      id: resource.id,
      data: { status: 'published' },
    })
    expect((await vote(reader.token, review.id)).json.helpful_count).toBe(1)
  })
})
