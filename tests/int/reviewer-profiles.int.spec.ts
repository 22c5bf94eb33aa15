import { sql } from '@payloadcms/db-postgres'
import { type Payload, createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { findReviewer, findReviewerReviews } from '@/data/views/reviewers'
import { findReviewPage } from '@/data/views/reviews'
import { relationId } from '@/lib/relations'
import { CACHE_TAGS } from '@/server/cacheTags'
import { expiredTagsOf } from '@/server/publicCache'
import { runSql } from '@/server/sql/run'
import type { Review } from '@payload-types'

import { createMember, createResource } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

/** A review by `author`, written `daysAgo` days ago (so that the order is known). */
const writeReview = async ({
  author,
  daysAgo,
  status = 'published',
  helpful = 0,
}: {
  author: number
  daysAgo: number
  status?: Review['status']
  helpful?: number
}) => {
  const on = (await createResource({ payload })).id
  const review = await payload.create({
    collection: 'reviews',
    data: {
      resource: on,
      author,
      grade: 4,
      title: `Title ${daysAgo}`,
      comment: `Written ${daysAgo} days ago.`,
      status,
      ...(status === 'hidden' ? { hiddenReason: 'Spam' } : {}),
    },
  })
  await runSql({
    payload,
    query: sql`UPDATE reviews SET created_at = now() - make_interval(days => ${daysAgo}),
                 helpful_count = ${helpful} WHERE id = ${review.id}`,
  })
  return review
}

/** The resource a review is on, read at any depth. */
const resourceOf = (review: Review) => relationId(review.resource) ?? 0

const loginOf = (user: { username?: string | null }) => user.username ?? ''

describe('a reviewer profile', () => {
  it('should count and list only published reviews of published resources, newest first, a page at a time', async () => {
    const { user } = await createMember({ payload })
    const shown = []
    for (let day = 1; day <= 7; day += 1) {
      shown.push(await writeReview({ author: user.id, daysAgo: day, helpful: day }))
    }
    await writeReview({ author: user.id, daysAgo: 0, status: 'hidden', helpful: 50 })
    await writeReview({ author: user.id, daysAgo: 0, status: 'pending', helpful: 50 })
    const unpublished = await writeReview({ author: user.id, daysAgo: 0, helpful: 50 })
    await payload.update({
      collection: 'resources',
      id: resourceOf(unpublished),
      data: { status: 'pending' },
    })

    const reviewer = await findReviewer({ payload, login: loginOf(user) })
    expect(reviewer).toMatchObject({
      id: user.id,
      login: user.username,
      display_name: user.displayName,
      review_count: 7,
      helpful_count: 1 + 2 + 3 + 4 + 5 + 6 + 7,
    })
    if (!reviewer) return
    const first = await findReviewerReviews({ payload, reviewer, page: 1, locale: 'en', limit: 3 })
    expect(first).toMatchObject({ page: 1, pages: 3, total: 7 })
    expect(first.reviews.map((review) => review.id)).toEqual(shown.slice(0, 3).map((r) => r.id))
    expect(first.reviews[0]).toMatchObject({
      title: 'Title 1',
      resource: { path: expect.stringMatching(/^\/resources\//) },
    })
    const last = await findReviewerReviews({ payload, reviewer, page: 3, locale: 'en', limit: 3 })
    expect(last.reviews.map((review) => review.id)).toEqual([shown[6].id])
    const past = await findReviewerReviews({ payload, reviewer, page: 4, locale: 'en', limit: 3 })
    expect(past.reviews).toEqual([])
  })

  it('should find a login typed in capitals, as logins are stored in lower case', async () => {
    const { user } = await createMember({ payload })
    expect(await findReviewer({ payload, login: loginOf(user).toUpperCase() })).toMatchObject({
      id: user.id,
      login: user.username,
    })
  })

  it('should show a member with no published review, with nothing to list', async () => {
    const { user } = await createMember({ payload })
    await writeReview({ author: user.id, daysAgo: 1, status: 'pending' })
    const reviewer = await findReviewer({ payload, login: loginOf(user) })
    expect(reviewer).toMatchObject({ review_count: 0, helpful_count: 0 })
    if (!reviewer) return
    expect(await findReviewerReviews({ payload, reviewer, page: 1, locale: 'ru' })).toMatchObject({
      reviews: [],
      pages: 1,
    })
  })

  it('should have no profile for a private, blocked or deleted member', async () => {
    const { user: hidden } = await createMember({ payload })
    await payload.update({ collection: 'users', id: hidden.id, data: { profilePrivate: true } })
    expect(await findReviewer({ payload, login: loginOf(hidden) })).toBeNull()

    const { user: blocked } = await createMember({ payload })
    await payload.update({
      collection: 'users',
      id: blocked.id,
      data: { blocked: true, blockReason: 'Spam' },
    })
    expect(await findReviewer({ payload, login: loginOf(blocked) })).toBeNull()
    await payload.update({ collection: 'users', id: blocked.id, data: { blocked: false } })
    expect(await findReviewer({ payload, login: loginOf(blocked) })).not.toBeNull()

    const { user: gone } = await createMember({ payload })
    await writeReview({ author: gone.id, daysAgo: 1 })
    await payload.delete({ collection: 'users', id: gone.id })
    expect(await findReviewer({ payload, login: loginOf(gone) })).toBeNull()
  })

  it.each([
    ['a NUL byte', 'user\u0000'],
    ['a login too long', 'a'.repeat(5000)],
    ['broken text', '\ud800abc'],
    ['a quote', "o'brien"],
    ['nothing', ''],
    ['no such login', 'nobody-has-this-login'],
  ])('should find nobody for %s', async (_, login) => {
    expect(await findReviewer({ payload, login })).toBeNull()
  })
})

describe("a review card's link to its author", () => {
  const cardAuthor = async (resource: number) => {
    const { reviews } = await findReviewPage({
      payload,
      where: { resource: { equals: resource } },
      page: 1,
      limit: 10,
    })
    return reviews[0]?.author
  }

  it('should name the login of a public profile, and none once private or blocked', async () => {
    const { user } = await createMember({ payload })
    const review = await writeReview({ author: user.id, daysAgo: 1 })
    const resource = resourceOf(review)
    expect(await cardAuthor(resource)).toMatchObject({ profile: user.username })

    await payload.update({ collection: 'users', id: user.id, data: { profilePrivate: true } })
    expect(await cardAuthor(resource)).toMatchObject({
      display_name: user.displayName,
      profile: null,
    })
    await payload.update({
      collection: 'users',
      id: user.id,
      data: { profilePrivate: false, blocked: true, blockReason: 'Spam' },
    })
    expect(await cardAuthor(resource)).toMatchObject({ profile: null })
  })
})

describe('what a change of the setting expires', () => {
  it('should expire the pages of the resources the member reviewed and the home page', async () => {
    const { user } = await createMember({ payload })
    const one = await writeReview({ author: user.id, daysAgo: 1 })
    const two = await writeReview({ author: user.id, daysAgo: 2 })
    const other = await createResource({ payload })
    const req = await createLocalReq({}, payload)
    await payload.update({
      collection: 'users',
      id: user.id,
      data: { profilePrivate: true },
      req,
    })
    const tags = expiredTagsOf(req)
    expect(tags).toEqual(
      expect.arrayContaining([
        CACHE_TAGS.resource(resourceOf(one)),
        CACHE_TAGS.resource(resourceOf(two)),
        CACHE_TAGS.home,
      ]),
    )
    expect(tags).not.toContain(CACHE_TAGS.resource(other.id))
  })

  it('should expire them on a block and on a change of display name, not on a change of theme', async () => {
    const { user } = await createMember({ payload })
    const review = await writeReview({ author: user.id, daysAgo: 1 })
    const page = CACHE_TAGS.resource(resourceOf(review))
    const change = async (data: Record<string, unknown>) => {
      const req = await createLocalReq({}, payload)
      await payload.update({ collection: 'users', id: user.id, data, req })
      return expiredTagsOf(req)
    }
    expect(await change({ theme: 'dark' })).not.toContain(page)
    expect(await change({ displayName: `Renamed ${user.id}` })).toContain(page)
    expect(await change({ blocked: true, blockReason: 'Spam' })).toContain(page)
    expect(await change({ blocked: false })).toContain(page)
  })
})

describe('the setting on every door', () => {
  it('should let the member set and read their own, through the site and REST', async () => {
    const { user, token } = await createMember({ payload })
    const site = await rest('POST', '/update-user-by-id', {
      token,
      body: { profile_private: true },
    })
    expect(site.status).toBe(200)
    expect(site.json.user.profile_private).toBe(true)
    const own = await rest('GET', `/users/${user.id}`, { token })
    expect(own.json.profilePrivate).toBe(true)
    await rest('PATCH', `/users/${user.id}`, { token, body: { profilePrivate: false } })
    const saved = await payload.findByID({ collection: 'users', id: user.id })
    expect(saved.profilePrivate).toBe(false)
  })

  it('should refuse a value that is no flag, changing nothing', async () => {
    const { user, token } = await createMember({ payload })
    const { status, json } = await rest('POST', '/update-user-by-id', {
      token,
      body: { profile_private: 'yes' },
      headers: { 'Accept-Language': 'en' },
    })
    expect(status).toBe(422)
    expect(json.errors.profile_private).toEqual(['This value is not valid.'])
    const saved = await payload.findByID({ collection: 'users', id: user.id })
    expect(saved.profilePrivate).toBe(false)
  })

  it("should not let another member set someone's setting through the site, REST or GraphQL", async () => {
    const { user: target } = await createMember({ payload })
    const { token } = await createMember({ payload })
    const site = await rest('POST', '/update-user-by-id', {
      token,
      body: { id: target.id, profile_private: true },
    })
    expect(site.status).toBe(403)
    await rest('PATCH', `/users/${target.id}`, { token, body: { profilePrivate: true } })
    await graphql(
      `mutation { updateUser(id: ${target.id}, data: { profilePrivate: true }) { id } }`,
      {
        token,
      },
    )
    const saved = await payload.findByID({ collection: 'users', id: target.id })
    expect(saved.profilePrivate).toBe(false)
  })

  it("should keep an employee's setting from their owner, who reaches the rest of the account", async () => {
    const { user: owner, token } = await createMember({ payload, role: 'owner' })
    const { user: employee } = await createMember({
      payload,
      role: 'marketplaceOperator',
      employer: owner.id,
    })
    await payload.update({ collection: 'users', id: employee.id, data: { profilePrivate: true } })
    const read = await rest('GET', `/users/${employee.id}`, { token })
    expect(read.status).toBe(200)
    expect(read.json.displayName).toBe(employee.displayName)
    expect(read.json).not.toHaveProperty('profilePrivate')
    const viaGraphql = await graphql(
      `{ User(id: ${employee.id}) { displayName profilePrivate } }`,
      {
        token,
      },
    )
    expect(viaGraphql.json?.data?.User).toMatchObject({ profilePrivate: null })
    await rest('PATCH', `/users/${employee.id}`, { token, body: { profilePrivate: false } })
    await graphql(
      `mutation { updateUser(id: ${employee.id}, data: { profilePrivate: false }) { id } }`,
      { token },
    )
    const saved = await payload.findByID({ collection: 'users', id: employee.id })
    expect(saved.profilePrivate).toBe(true)
  })

  it("should not let a member read someone else's setting through REST or GraphQL", async () => {
    const { user: target } = await createMember({ payload })
    const { token } = await createMember({ payload })
    const read = await rest('GET', `/users/${target.id}`, { token })
    expect(read.json?.profilePrivate).toBeUndefined()
    const list = await rest('GET', `/users?where[profilePrivate][equals]=false`, { token })
    expect(list.status).toBe(400)
    const viaGraphql = await graphql(`{ User(id: ${target.id}) { profilePrivate } }`, { token })
    expect(viaGraphql.json?.data?.User ?? null).toBeNull()
  })
})
