import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readListing } from '@/data/listing'
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

describe('what "best rated" leaves out', () => {
  it('should count the scams and closed resources it leaves out, which their status filter lists', async () => {
    // Forums in Liechtenstein: no other file lists them.
    const forum = (title: string) =>
      createResource({ payload, type: 'forum', country: 'LI', title })
    const [open, scam, closed, warned] = await Promise.all([
      forum('Open Forum'),
      forum('Scam Forum'),
      forum('Closed Forum'),
      forum('Warned Forum'),
    ])
    const mark = (id: number, publicStatus: 'scam' | 'closed' | 'warning') =>
      payload.update({
        collection: 'resources',
        id,
        data: { publicStatus, publicStatusReason: `Marked ${publicStatus}` },
        locale: 'en',
      })
    await Promise.all([
      mark(scam.id, 'scam'),
      mark(closed.id, 'closed'),
      mark(warned.id, 'warning'),
    ])
    const listing = (query: { sort: 'best' | 'newest'; status?: 'scam' }) =>
      readListing({ locale: 'en', type: 'forum', page: 1, country: 'LI', ...query })

    const best = await listing({ sort: 'best' })
    expect(best.resources.map((r) => r.id).sort()).toEqual([open.id, warned.id].sort())
    expect(best.total).toBe(2)
    expect(best.leftOut).toEqual({ scam: 1, closed: 1 })
    // Other orders leave nothing out, and the status filter shows what "best" left out.
    const newest = await listing({ sort: 'newest' })
    expect(newest.total).toBe(4)
    expect(newest.leftOut).toEqual({})
    const scams = await listing({ sort: 'best', status: 'scam' })
    expect(scams.resources.map((r) => r.id)).toEqual([scam.id])
    expect(scams.leftOut).toEqual({})
  })
})
