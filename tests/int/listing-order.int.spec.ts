import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readListing } from '@/data/resources'
import { runSql } from '@/server/sql/run'

import { createResource } from '../helpers/directory'
import { everyPage } from '../helpers/pages'
import { releasePayload, startPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

/** A verified Icelandic exchanger with the given aggregates (set as the rating hooks keep them). */
const exchanger = async (title: string, average: number, count: number) => {
  const resource = await createResource({
    payload,
    type: 'exchanger',
    country: 'IS',
    verified: true,
    title,
  })
  await runSql({
    payload,
    query: sql`UPDATE resources SET rating_average = ${average}, review_count = ${count} WHERE id = ${resource.id}`,
  })
  return resource.id
}

describe('the "best rated" order', () => {
  it('should rank by a Bayesian average, with unrated resources after every rated one', async () => {
    const unrated = await exchanger('Fresh Exchange', 0, 0)
    const single = await exchanger('One Review Exchange', 5, 1)
    const many = await exchanger('Trusted Exchange', 4.8, 500)
    const poor = await exchanger('Poor Exchange', 2.1, 30)
    // Every page: the listing ranks every verified Icelandic exchanger of the worker's database.
    const resources = await everyPage(async (page) => {
      const listing = await readListing({
        locale: 'en',
        type: 'exchanger',
        page,
        sort: 'best',
        country: 'IS',
        verifiedOnly: true,
      })
      return { items: listing.resources, pages: listing.pages }
    })
    const order = resources
      .map((r) => r.id)
      .filter((id) => [unrated, single, many, poor].includes(id))
    expect(order).toEqual([many, single, poor, unrated])
  })
})
