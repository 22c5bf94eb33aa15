import { type Payload, createLocalReq } from 'payload'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { answer, declareCall } from '@/api/call'
import { CACHE_TAGS } from '@/server/cacheTags'
import {
  expireCacheTags,
  expiredTagsOf,
  onCacheExpiry,
  tagsAwaitingCommit,
} from '@/server/publicCache'
import { defineEndpoint } from '@endpoints/lib/defineEndpoint'
import { fail } from '@endpoints/lib/http'

import { createArticle } from '../helpers/content'
import { createMember, createResource } from '../helpers/directory'
import { makeDue, runJob } from '../helpers/jobs'
import { releasePayload, startPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

/** A request of its own, on which the collection hooks note the cache tags they expired. */
const newReq = () => createLocalReq({}, payload)

const pageTagsOf = (resource: { id: number; slug?: string | null }) => [
  CACHE_TAGS.resource(resource.id),
  CACHE_TAGS.address(resource.slug ?? ''),
]

describe('what a write expires', () => {
  it("should expire the reviewed resource, its type's listing and home, and no other page", async () => {
    const reviewed = await createResource({ payload, type: 'shop' })
    const other = await createResource({ payload, type: 'shop' })
    const { user } = await createMember({ payload })
    const req = await newReq()
    await payload.create({
      collection: 'reviews',
      data: {
        resource: reviewed.id,
        author: user.id,
        grade: 5,
        comment: 'Fast delivery.',
        status: 'published',
      },
      req,
    })
    const tags = expiredTagsOf(req)
    expect(tags).toEqual(
      expect.arrayContaining([
        CACHE_TAGS.resource(reviewed.id),
        CACHE_TAGS.listing('shop'),
        CACHE_TAGS.home,
      ]),
    )
    expect(tags.filter((tag) => pageTagsOf(other).includes(tag))).toEqual([])
  })

  it('should expire the resource when one of its reviews is deleted', async () => {
    const reviewed = await createResource({ payload, type: 'forum' })
    const { user } = await createMember({ payload })
    const review = await payload.create({
      collection: 'reviews',
      data: {
        resource: reviewed.id,
        author: user.id,
        grade: 2,
        comment: 'Slow moderation.',
        status: 'published',
      },
    })
    const req = await newReq()
    await payload.delete({ collection: 'reviews', id: review.id, req })
    expect(expiredTagsOf(req)).toEqual(
      expect.arrayContaining([CACHE_TAGS.resource(reviewed.id), CACHE_TAGS.listing('forum')]),
    )
  })

  it('should expire the old and new address and both listings when a resource moves', async () => {
    const resource = await createResource({ payload, type: 'shop' })
    const req = await newReq()
    await payload.update({
      collection: 'resources',
      id: resource.id,
      data: { slug: `${resource.slug}-moved`, type: 'exchanger' },
      req,
    })
    expect(expiredTagsOf(req)).toEqual(
      expect.arrayContaining([
        CACHE_TAGS.address(resource.slug ?? ''),
        CACHE_TAGS.address(`${resource.slug}-moved`),
        CACHE_TAGS.listing('shop'),
        CACHE_TAGS.listing('exchanger'),
      ]),
    )
  })

  it('should expire the resource, its address and its listing when its status changes', async () => {
    const resource = await createResource({ payload, type: 'marketplace', status: 'pending' })
    const req = await newReq()
    await payload.update({
      collection: 'resources',
      id: resource.id,
      data: { status: 'published' },
      req,
    })
    expect(expiredTagsOf(req)).toEqual(
      expect.arrayContaining([...pageTagsOf(resource), CACHE_TAGS.listing('marketplace')]),
    )
  })

  it('should expire a deleted resource and its address', async () => {
    const resource = await createResource({ payload, type: 'forum' })
    const req = await newReq()
    await payload.delete({ collection: 'resources', id: resource.id, req })
    expect(expiredTagsOf(req)).toEqual(
      expect.arrayContaining([...pageTagsOf(resource), CACHE_TAGS.listing('forum')]),
    )
  })
})

describe('how the pages come back', () => {
  const publishedReview = async (resourceId: number) => {
    const { user } = await createMember({ payload })
    return payload.create({
      collection: 'reviews',
      data: {
        resource: resourceId,
        author: user.id,
        grade: 4,
        comment: 'Good.',
        status: 'published',
      },
    })
  }

  it('should refresh in the background what a new review, its edit and a vote change', async () => {
    const reviewed = await createResource({ payload, type: 'shop' })
    const { user } = await createMember({ payload })
    const created = await newReq()
    const review = await payload.create({
      collection: 'reviews',
      data: {
        resource: reviewed.id,
        author: user.id,
        grade: 5,
        comment: 'Fast.',
        status: 'published',
      },
      req: created,
    })
    expect(expiredTagsOf(created, 'now')).toEqual([])
    expect(expiredTagsOf(created, 'background')).toEqual(
      expect.arrayContaining([CACHE_TAGS.resource(reviewed.id), CACHE_TAGS.home]),
    )
    const edited = await newReq()
    await payload.update({ collection: 'reviews', id: review.id, data: { grade: 4 }, req: edited })
    expect(expiredTagsOf(edited, 'now')).toEqual([])
    const voted = await newReq()
    const { user: voter } = await createMember({ payload })
    await payload.create({
      collection: 'review-votes',
      data: { review: review.id, user: voter.id },
      req: voted,
    })
    expect(expiredTagsOf(voted)).toEqual([CACHE_TAGS.resource(reviewed.id)])
    expect(expiredTagsOf(voted, 'background')).toEqual([CACHE_TAGS.resource(reviewed.id)])
  })

  it('should make the next visit wait for a render when a review leaves the pages', async () => {
    const reviewed = await createResource({ payload, type: 'forum' })
    const hidden = await publishedReview(reviewed.id)
    const hiding = await newReq()
    await payload.update({
      collection: 'reviews',
      id: hidden.id,
      data: { status: 'hidden', hiddenReason: 'Insults.' },
      req: hiding,
    })
    expect(expiredTagsOf(hiding, 'background')).toEqual([])
    expect(expiredTagsOf(hiding, 'now')).toContain(CACHE_TAGS.resource(reviewed.id))
    const deleted = await publishedReview(reviewed.id)
    const deleting = await newReq()
    await payload.delete({ collection: 'reviews', id: deleted.id, req: deleting })
    expect(expiredTagsOf(deleting, 'background')).toEqual([])
  })

  it('should let a tag expired now in a request stay so when a background refresh names it too', async () => {
    const req = await newReq()
    expireCacheTags({ req, tags: ['a-tag'] })
    expireCacheTags({ req, tags: ['a-tag', 'b-tag'], refresh: 'background' })
    expect(expiredTagsOf(req, 'now')).toEqual(['a-tag'])
    expect(expiredTagsOf(req, 'background')).toEqual(['b-tag'])
  })
})

describe('expiring again on commit', () => {
  /** A write to `resource` inside a transaction of its own, still open. */
  const writeInTransaction = async (resource: { id: number; slug?: string | null }) => {
    const transaction = (await payload.db.beginTransaction()) as number | string
    const req = await newReq()
    req.transactionID = transaction
    await payload.update({
      collection: 'resources',
      id: resource.id,
      data: { slug: `${resource.slug}-again` },
      req,
    })
    return transaction
  }

  it('should expire a write’s tags again once its transaction commits, whatever the door', async () => {
    const resource = await createResource({ payload, type: 'shop' })
    const transaction = await writeInTransaction(resource)
    expect(tagsAwaitingCommit(transaction)).toEqual(
      expect.arrayContaining([CACHE_TAGS.resource(resource.id), CACHE_TAGS.listing('shop')]),
    )
    await payload.db.commitTransaction(transaction)
    expect(tagsAwaitingCommit(transaction)).toEqual([])
  })

  it('should forget them when the transaction rolls back', async () => {
    const resource = await createResource({ payload, type: 'shop' })
    const transaction = await writeInTransaction(resource)
    await payload.db.rollbackTransaction(transaction)
    expect(tagsAwaitingCommit(transaction)).toEqual([])
    const kept = await payload.findByID({ collection: 'resources', id: resource.id })
    expect(kept.slug).toBe(resource.slug)
  })
})

describe("a site call's expiry", () => {
  /** A call whose handler expires a tag as a collection hook would, then answers `status`. */
  const callAnswering = (status: 200 | 422) =>
    defineEndpoint(
      declareCall({
        path: `/probe-expiry-${status}`,
        method: 'post',
        auth: 'anyone',
        summary: 'A probe',
        answer: answer<{ done: true }>(),
      }),
      {
        handler: async ({ req, reply }) => {
          expireCacheTags({ req, tags: [CACHE_TAGS.home] })
          return status === 200
            ? reply({ done: true })
            : fail({ req, status, code: 'value-invalid' })
        },
      },
    )

  const expiriesDuring = async (status: 200 | 422) => {
    let count = 0
    const stop = onCacheExpiry(() => {
      count += 1
    })
    const response = await callAnswering(status).handler(await newReq())
    stop()
    expect(response.status).toBe(status)
    return count
  }

  it('should expire the tags again once a successful call has done its work, without asking', async () => {
    expect(await expiriesDuring(200)).toBe(2)
  })

  it('should not expire again after a refused call', async () => {
    expect(await expiriesDuring(422)).toBe(1)
  })
})

describe('other processes', () => {
  /** Listens as another server would, on the channel src/server/cacheExpiryBus.ts announces on. */
  const listen = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    const heard: string[][] = []
    client.on('notification', ({ channel, payload: notice }) => {
      if (channel === 'cache_expiry' && notice) heard.push(notice.split(' ').slice(1))
    })
    await client.query('LISTEN cache_expiry')
    return { heard, stop: () => client.end() }
  }

  it('should hear the tags a committed write expired, as the seed makes it', async () => {
    const listener = await listen()
    try {
      const resource = await createResource({ payload, type: 'forum' })
      await expect
        .poll(() => listener.heard.flat())
        .toEqual(
          expect.arrayContaining([
            CACHE_TAGS.resource(resource.id),
            CACHE_TAGS.listing('forum'),
            CACHE_TAGS.home,
          ]),
        )
    } finally {
      await listener.stop()
    }
  })

  it('should hear the pages a scheduled publication changes once its job has run, as any write', async () => {
    const draft = await createArticle({ payload, status: 'draft' })
    const job = await payload.jobs.queue({
      task: 'schedulePublish',
      waitUntil: new Date(Date.now() + 3_600_000),
      input: { type: 'publish', doc: { relationTo: 'news', value: draft.id } },
    })
    const listener = await listen()
    try {
      await makeDue({ payload, id: job.id })
      await runJob({ payload, id: job.id })
      // The list, the home page, and the item's own address, which answered "not found" before.
      await expect
        .poll(() => listener.heard.flat())
        .toEqual(
          expect.arrayContaining([
            CACHE_TAGS.contentList('news'),
            CACHE_TAGS.home,
            CACHE_TAGS.contentItem('news', draft.slug ?? ''),
          ]),
        )
    } finally {
      await listener.stop()
    }
  })

  it('should hear nothing of a write that rolled back', async () => {
    const resource = await createResource({ payload, type: 'forum' })
    const listener = await listen()
    try {
      const transaction = (await payload.db.beginTransaction()) as number | string
      const req = await newReq()
      req.transactionID = transaction
      await payload.update({
        collection: 'resources',
        id: resource.id,
        data: { country: 'DE' },
        req,
      })
      await payload.db.rollbackTransaction(transaction)
      // A later write's notice arrives after any the rolled-back one could have sent.
      const marker = await createResource({ payload, type: 'shop' })
      await expect.poll(() => listener.heard.flat()).toContain(CACHE_TAGS.resource(marker.id))
      expect(listener.heard.flat()).not.toContain(CACHE_TAGS.resource(resource.id))
    } finally {
      await listener.stop()
    }
  })
})
