import { type Payload, createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CACHE_TAGS } from '@/server/cacheTags'
import { expiredTagsOf, tagsAwaitingCommit } from '@/server/publicCache'

import { createMember, createResource } from '../helpers/directory'
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
