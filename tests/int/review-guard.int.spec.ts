import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { REVIEW_GUARD } from '@/lib/limits'
import { runSql } from '@/server/sql/run'

import { createMember, createResource } from '../helpers/directory'
import { everyPage } from '../helpers/pages'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

/**
 * Reviews that cannot be stuffed: an owner's staff never review the owner's resources, a burst of
 * reviews from new accounts is held for the admins, and one account writes only so many reviews
 * a day. Each rule is tried on the site's call, Payload's REST and GraphQL, from the side of the
 * person it must stop, and nothing it refused is stored.
 */

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }
const russian = { 'Accept-Language': 'ru' }

type Member = Awaited<ReturnType<typeof createMember>>

/** A member whose account was made `days` ago. */
const memberOfAge = (days: number): Promise<Member> =>
  createMember({ payload, joinedDaysAgo: days })

const reviewsOf = async (resourceId: number) => {
  const { docs } = await payload.find({
    collection: 'reviews',
    where: { resource: { equals: resourceId } },
    sort: 'createdAt',
    depth: 0,
    pagination: false,
  })
  return docs
}

const siteReview = (member: Member, resourceId: number, headers = english) =>
  rest('POST', '/add-reviews', {
    body: { resource_id: resourceId, grade: 5, comment: 'Best place ever' },
    token: member.token,
    headers,
  })

const restReview = (member: Member, resourceId: number, headers = english) =>
  rest('POST', '/reviews', {
    body: { resource: resourceId, author: member.user.id, grade: 5, comment: 'Best place ever' },
    token: member.token,
    headers,
  })

const graphqlReview = (member: Member, resourceId: number, headers = english) =>
  graphql(
    `
      mutation ($resource: Int!, $author: Int!) {
        createReview(
          data: {
            resource: $resource
            author: $author
            grade: 5
            comment: "Best place ever"
            status: published
          }
        ) {
          id
          status
        }
      }
    `,
    { variables: { resource: resourceId, author: member.user.id }, token: member.token, headers },
  )

const graphqlError = (answer: Awaited<ReturnType<typeof graphql>>) => {
  const error = answer.json?.errors?.[0]
  return [error?.extensions?.statusCode, error?.message]
}

describe("an owner's staff", () => {
  const staffMessage = "An owner's staff cannot review the owner's resources."

  it.each(['marketplaceOperator', 'forumOperator'] as const)(
    'should refuse a %s of the owner on every door, whatever type the resource is',
    async (role) => {
      const owner = await createMember({ payload, role: 'owner' })
      const employee = await createMember({ payload, role, employer: owner.user.id })
      const resource = await createResource({ payload, owner: owner.user.id, type: 'marketplace' })
      const site = await siteReview(employee, resource.id)
      const viaRest = await restReview(employee, resource.id)
      const viaGraphql = await graphqlReview(employee, resource.id)
      expect({
        site: [site.status, site.json.code, site.json.message],
        rest: [viaRest.status, viaRest.json.errors?.[0]?.message],
        graphql: graphqlError(viaGraphql),
        stored: (await reviewsOf(resource.id)).length,
      }).toEqual({
        site: [403, 'staff-resource', staffMessage],
        rest: [403, staffMessage],
        graphql: [403, staffMessage],
        stored: 0,
      })
    },
  )

  it('should refuse them in Russian, and even when the owner is blocked', async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const employee = await createMember({ payload, role: 'storeOperator', employer: owner.user.id })
    const resource = await createResource({ payload, owner: owner.user.id, type: 'shop' })
    await payload.update({ collection: 'users', id: owner.user.id, data: { blocked: true } })
    const site = await siteReview(employee, resource.id, russian)
    expect([site.status, site.json.message, (await reviewsOf(resource.id)).length]).toEqual([
      403,
      'Сотрудники владельца ресурса не могут оставлять о нём отзывы.',
      0,
    ])
  })

  it("should refuse an admin's review written in an employee's name", async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const employee = await createMember({
      payload,
      role: 'forumOperator',
      employer: owner.user.id,
    })
    const admin = await createMember({ payload, role: 'admin' })
    const resource = await createResource({ payload, owner: owner.user.id })
    const viaRest = await rest('POST', '/reviews', {
      body: { resource: resource.id, author: employee.user.id, grade: 5, comment: 'Great' },
      token: admin.token,
      headers: english,
    })
    expect([viaRest.status, (await reviewsOf(resource.id)).length]).toEqual([403, 0])
  })

  it("should let staff review other owners' resources, and anyone else review this one", async () => {
    const owner = await createMember({ payload, role: 'owner' })
    const employee = await createMember({
      payload,
      role: 'forumOperator',
      employer: owner.user.id,
    })
    const elsewhere = await createResource({ payload })
    const resource = await createResource({ payload, owner: owner.user.id })
    const member = await memberOfAge(100)
    expect([
      (await restReview(employee, elsewhere.id)).status,
      (await siteReview(member, resource.id)).status,
    ]).toEqual([201, 200])
  })
})

describe('a burst of reviews from new accounts', () => {
  const { burstNewAccountReviews: burst } = REVIEW_GUARD

  it('should hold the reviews of new accounts past the burst on every door, and publish older accounts', async () => {
    const resource = await createResource({ payload })
    const newcomers = await Promise.all(
      Array.from({ length: burst + 3 }, () => createMember({ payload })),
    )
    // Up to the burst, reviews of new accounts are published.
    for (const member of newcomers.slice(0, burst)) {
      expect((await siteReview(member, resource.id)).json.review.status).toBe('published')
    }
    const [viaSite, viaRest, viaGraphql] = [
      await siteReview(newcomers[burst], resource.id),
      await restReview(newcomers[burst + 1], resource.id),
      await graphqlReview(newcomers[burst + 2], resource.id),
    ]
    const veteran = await memberOfAge(REVIEW_GUARD.newAccountDays + 1)
    const fromVeteran = await siteReview(veteran, resource.id)
    expect([
      [viaSite.status, viaSite.json.review.status],
      [viaRest.status, viaRest.json.doc.status],
      (viaGraphql.json?.data?.createReview as { status: string }).status,
      fromVeteran.json.review.status,
    ]).toEqual([[200, 'pending'], [201, 'pending'], 'pending', 'published'])
    // Held reviews count nowhere until an admin publishes them.
    const stored = await payload.findByID({ collection: 'resources', id: resource.id, depth: 0 })
    expect(stored.reviewCount).toBe(burst + 1)
  })

  it('should hold exactly the reviews past the burst when they all arrive at once', async () => {
    const resource = await createResource({ payload })
    const newcomers = await Promise.all(
      Array.from({ length: burst + 4 }, () => createMember({ payload })),
    )
    const answers = await Promise.all(newcomers.map((member) => siteReview(member, resource.id)))
    const statuses = answers.map((answer) => answer.json.review.status).sort()
    expect(statuses).toEqual([...Array(4).fill('pending'), ...Array(burst).fill('published')])
  })

  it('should keep a held review from the public, show it to its author, and count it once an admin publishes it', async () => {
    const resource = await createResource({ payload })
    const newcomers = await Promise.all(
      Array.from({ length: burst + 1 }, () => createMember({ payload })),
    )
    for (const member of newcomers) await siteReview(member, resource.id)
    const heldBy = newcomers[burst]
    const [held] = (await reviewsOf(resource.id)).filter((review) => review.status === 'pending')
    const publicList = await rest('GET', `/reviews?where[resource][equals]=${resource.id}&limit=50`)
    const asAuthor = await rest('GET', `/reviews/${held.id}`, { token: heldBy.token })
    const asStranger = await rest('GET', `/reviews/${held.id}`, { token: newcomers[0].token })
    expect({
      public: publicList.json.docs.map((doc: { id: number }) => doc.id).includes(held.id),
      author: asAuthor.json.status,
      stranger: asStranger.status,
    }).toEqual({ public: false, author: 'pending', stranger: 404 })

    // The author cannot publish it themselves, on any door.
    const selfPublish = await rest('PATCH', `/reviews/${held.id}`, {
      body: { status: 'published' },
      token: heldBy.token,
    })
    const selfGraphql = await graphql(
      `
        mutation ($id: Int!) {
          updateReview(id: $id, data: { status: published }) {
            status
          }
        }
      `,
      { variables: { id: held.id }, token: heldBy.token },
    )
    const stillHeld = await payload.findByID({ collection: 'reviews', id: held.id, depth: 0 })
    expect([
      selfPublish.status < 300 ? selfPublish.json.doc.status : 'refused',
      stillHeld.status,
    ]).toEqual(['pending', 'pending'])
    const graphqlSaved = selfGraphql.json?.data?.updateReview as { status: string } | null
    expect(graphqlSaved?.status ?? 'refused').not.toBe('published')

    const admin = await createMember({ payload, role: 'admin' })
    const published = await rest('PATCH', `/reviews/${held.id}`, {
      body: { status: 'published' },
      token: admin.token,
    })
    const stored = await payload.findByID({ collection: 'resources', id: resource.id, depth: 0 })
    const { rows } = await runSql<{ reviews: number }>({
      payload,
      query: sql`SELECT coalesce(sum(reviews), 0)::int AS reviews FROM analytics_resource_days
                 WHERE resource_id = ${resource.id}`,
    })
    expect([published.status, stored.reviewCount, rows[0].reviews]).toEqual([
      200,
      burst + 1,
      burst + 1,
    ])
  })
})

describe('the daily review cap', () => {
  const { reviewsPerDay } = REVIEW_GUARD

  it('should refuse the review past the cap on every door, in the writer language', async () => {
    const member = await memberOfAge(365)
    const resources = await Promise.all(
      Array.from({ length: reviewsPerDay + 3 }, () => createResource({ payload })),
    )
    for (const resource of resources.slice(0, reviewsPerDay)) {
      expect((await siteReview(member, resource.id)).status).toBe(200)
    }
    const [nextSite, nextRest, nextGraphql, inRussian] = [
      await siteReview(member, resources[reviewsPerDay].id),
      await restReview(member, resources[reviewsPerDay + 1].id),
      await graphqlReview(member, resources[reviewsPerDay + 2].id),
      await siteReview(member, resources[reviewsPerDay].id, russian),
    ]
    const message = `You can write at most ${reviewsPerDay} reviews a day. Try again tomorrow.`
    const stored = await Promise.all(resources.slice(reviewsPerDay).map((r) => reviewsOf(r.id)))
    expect({
      site: [nextSite.status, nextSite.json.message],
      rest: [nextRest.status, nextRest.json.errors?.[0]?.message],
      graphql: graphqlError(nextGraphql),
      russian: inRussian.json.message,
      stored: stored.flat().length,
    }).toEqual({
      site: [429, message],
      rest: [429, message],
      graphql: [429, message],
      russian: `За сутки можно оставить не больше ${reviewsPerDay} отзывов. Попробуйте завтра.`,
      stored: 0,
    })
  })

  it('should let exactly the cap through when the reviews arrive at once', async () => {
    const member = await memberOfAge(365)
    const resources = await Promise.all(
      Array.from({ length: reviewsPerDay + 3 }, () => createResource({ payload })),
    )
    const answers = await Promise.all(resources.map((resource) => siteReview(member, resource.id)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      ...Array(reviewsPerDay).fill(200),
      ...Array(3).fill(429),
    ])
  })

  it('should not weigh the reviews written a day ago, nor an admin', async () => {
    const member = await memberOfAge(365)
    const resources = await Promise.all(
      Array.from({ length: reviewsPerDay + 1 }, () => createResource({ payload })),
    )
    for (const resource of resources.slice(0, reviewsPerDay)) await siteReview(member, resource.id)
    await runSql({
      payload,
      query: sql`UPDATE reviews SET created_at = now() - interval '25 hours'
                 WHERE author_id = ${member.user.id}`,
    })
    const admin = await createMember({ payload, role: 'admin' })
    const byAdmin = await Promise.all(resources.map((resource) => restReview(admin, resource.id)))
    expect([
      (await siteReview(member, resources[reviewsPerDay].id)).status,
      byAdmin.map((answer) => answer.status),
    ]).toEqual([200, resources.map(() => 201)])
  })
})

describe('what a review tells of its author', () => {
  it('should show since when they are a member, their published reviews, and whether they were new', async () => {
    const resource = await createResource({ payload })
    const veteran = await memberOfAge(400)
    const newcomer = await createMember({ payload })
    const other = await createResource({ payload })
    await siteReview(veteran, other.id)
    await siteReview(veteran, resource.id)
    await siteReview(newcomer, resource.id)
    const { findReviewPage } = await import('@/data/views/reviews')
    const { reviews } = await findReviewPage({
      payload,
      where: { resource: { equals: resource.id } },
      page: 1,
      limit: 10,
    })
    const byName = Object.fromEntries(reviews.map((review) => [review.author?.id, review.author]))
    // The sign-up date as stored (400 days back), not a year worked out from today's clock,
    // which a New Year's midnight between the two would change.
    const joined = (await payload.findByID({ collection: 'users', id: veteran.user.id })).createdAt
    expect({
      veteran: [byName[veteran.user.id]?.review_count, byName[veteran.user.id]?.new_account],
      newcomer: [byName[newcomer.user.id]?.review_count, byName[newcomer.user.id]?.new_account],
      since: byName[veteran.user.id]?.member_since,
      daysAgo: Math.round((Date.now() - Date.parse(joined)) / 86_400_000),
    }).toEqual({
      veteran: [2, false],
      newcomer: [1, true],
      since: joined,
      daysAgo: 400,
    })
  })
})

type HeldView = {
  id: number
  status: string
  resource?: { id: number }
  author?: { new_account: boolean }
}

describe("the held reviews' queue", () => {
  const holdOne = async () => {
    const resource = await createResource({ payload })
    const newcomers = await Promise.all(
      Array.from({ length: REVIEW_GUARD.burstNewAccountReviews + 1 }, () =>
        createMember({ payload }),
      ),
    )
    for (const member of newcomers) await siteReview(member, resource.id)
    const [held] = (await reviewsOf(resource.id)).filter((review) => review.status === 'pending')
    return { resource, held, author: newcomers.at(-1)! }
  }

  it('should list held reviews with their authors for admins, and count them on the dashboard', async () => {
    const { held, resource } = await holdOne()
    const admin = await createMember({ payload, role: 'admin' })
    // The queue is the oldest first: the test's review may be on any page.
    const statuses: number[] = []
    const listed = await everyPage<HeldView>(async (page) => {
      const { status, json } = await rest('POST', '/get-held-reviews', {
        body: { page },
        token: admin.token,
      })
      statuses.push(status)
      return { items: json.reviews ?? [], pages: json.total_pages ?? 0 }
    })
    const counts = await rest('GET', '/moderation-counts', { token: admin.token })
    const item = listed.find((review) => review.id === held.id)
    expect({
      status: [...new Set(statuses)],
      item: [item?.status, item?.resource?.id, item?.author?.new_account],
      held: counts.json.counts.held >= 1,
    }).toEqual({ status: [200], item: ['pending', resource.id, true], held: true })
  })

  it('should refuse members and editors the queue and its decisions, changing nothing', async () => {
    const { held, author } = await holdOne()
    const editor = await createMember({ payload, role: 'editor' })
    const answers = await Promise.all(
      [author, editor].flatMap(({ token }) => [
        rest('POST', '/get-held-reviews', { body: {}, token }),
        rest('POST', '/decide-held-review', {
          body: { id: held.id, decision: 'publish' },
          token,
        }),
      ]),
    )
    const stored = await payload.findByID({ collection: 'reviews', id: held.id, depth: 0 })
    expect([answers.map((answer) => answer.status), stored.status]).toEqual([
      [403, 403, 403, 403],
      'pending',
    ])
  })

  it('should publish a held review, hide one only with a reason, and answer 404 for one not held', async () => {
    const admin = await createMember({ payload, role: 'admin' })
    const first = await holdOne()
    const second = await holdOne()
    const published = await rest('POST', '/decide-held-review', {
      body: { id: first.held.id, decision: 'publish' },
      token: admin.token,
    })
    const again = await rest('POST', '/decide-held-review', {
      body: { id: first.held.id, decision: 'hide', reason: 'Spam' },
      token: admin.token,
      headers: english,
    })
    const noReason = await rest('POST', '/decide-held-review', {
      body: { id: second.held.id, decision: 'hide' },
      token: admin.token,
      headers: english,
    })
    const hidden = await rest('POST', '/decide-held-review', {
      body: { id: second.held.id, decision: 'hide', reason: 'Paid reviews' },
      token: admin.token,
    })
    const resource = await payload.findByID({
      collection: 'resources',
      id: first.resource.id,
      depth: 0,
    })
    expect({
      published: [published.status, published.json.review.status],
      again: [again.status, again.json.message],
      noReason: [noReason.status, Object.keys(noReason.json.errors ?? {})],
      hidden: [hidden.status, hidden.json.review.status, hidden.json.review.hidden_reason],
      rated: resource.reviewCount,
    }).toEqual({
      published: [200, 'published'],
      again: [404, 'Review not found.'],
      noReason: [422, ['reason']],
      hidden: [200, 'hidden', 'Paid reviews'],
      rated: REVIEW_GUARD.burstNewAccountReviews + 1,
    })
  })
})
