import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readPublishedResource, reviewTotal } from '@/data/resources'
import { findReviewPage } from '@/data/views/reviews'
import { seed } from '@/seed'
import { readResourcePageExtras } from '@/server/sql/resourcePage'

import { createMember, createResource } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'

/**
 * What a resource page's first visit costs the database, counted in statements (bench/README.md,
 * "SQL statements per page", counts the whole page on the production server): the reads the page
 * makes after its address, each a fixed number of statements however many reviews, authors,
 * replies, addresses and status changes there are.
 */
let payload: Payload

let statements = 0
/** The adapter's pool, which every statement outside a transaction goes through. */
let pool: { query: (...args: unknown[]) => unknown }
let send: (...args: unknown[]) => unknown

beforeAll(async () => {
  payload = await startPayload()
  await seed({ payload })
  pool = (payload.db as unknown as { pool: typeof pool }).pool
  send = pool.query
  pool.query = (...args: unknown[]) => {
    statements += 1
    return send.apply(pool, args)
  }
})

afterAll(async () => {
  pool.query = send
  await releasePayload()
})

const counted = async <T>(read: () => Promise<T>) => {
  const before = statements
  const result = await read()
  return { result, statements: statements - before }
}

const idOf = async (slug: string) =>
  (await payload.find({ collection: 'resources', where: { slug: { equals: slug } } })).docs[0].id

/** The statements of the page's reads once the address is known (the address is one more). */
const pageReads = async (resourceId: number) => {
  const resource = await counted(() => readPublishedResource(resourceId, 'en'))
  const doc = resource.result!
  const reviews = await counted(() =>
    findReviewPage({
      payload,
      where: { resource: { equals: resourceId }, status: { equals: 'published' } },
      page: 1,
      limit: 10,
      withResource: false,
      total: reviewTotal(doc),
    }),
  )
  const extras = await counted(() => readResourcePageExtras({ payload, resourceId }))
  return {
    statements: resource.statements + reviews.statements + extras.statements,
    reviews: reviews.result,
    extras: extras.result,
  }
}

describe('a resource page', () => {
  it('should read its resource, reviews, authors and the rest in four statements', async () => {
    // The demo's most reviewed marketplace: reviews by two members, an owner's reply, a signed
    // list, two addresses with their checks; and an exchanger with two status changes.
    const bazaar = await pageReads(await idOf('bazaar-one'))
    expect(bazaar.statements).toBe(4)
    expect(bazaar.reviews.total).toBe(bazaar.reviews.reviews.length)
    expect(bazaar.reviews.reviews.some((review) => review.reply?.author)).toBe(true)
    expect(bazaar.reviews.reviews.every((review) => review.author?.review_count)).toBe(true)
    expect(bazaar.extras.signed_list).not.toBeNull()
    expect(bazaar.extras.link_health).toHaveLength(2)

    const swap = await pageReads(await idOf('quick-swap'))
    expect(swap.statements).toBeLessThanOrEqual(4)
    expect(swap.extras.status_changes.map((change) => change.reasons?.en)).toHaveLength(2)
  })

  it('should read as many statements with more reviews from more authors', async () => {
    const resource = await createResource({ payload })
    const authors = await Promise.all(Array.from({ length: 12 }, () => createMember({ payload })))
    for (const [index, author] of authors.entries()) {
      await payload.create({
        collection: 'reviews',
        data: {
          resource: resource.id,
          author: author.user.id,
          grade: 1 + (index % 5),
          comment: `A review long enough to be taken, number ${index}.`,
          status: 'published',
        },
        overrideAccess: true,
      })
    }
    const { statements, reviews } = await pageReads(resource.id)
    expect(statements).toBe(4)
    expect(reviews).toMatchObject({ total: 12, pages: 2 })
    expect(reviews.reviews).toHaveLength(10)
  })
})
