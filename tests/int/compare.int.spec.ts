import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { compareWith } from '@/data/compare'
import { resourcePageExtrasView } from '@/data/resourcePage'
import { readPublishedResource } from '@/data/resources'
import { readReviewFigures } from '@/server/sql/compare'
import { readResourcePageExtras } from '@/server/sql/resourcePage'
import { runSql } from '@/server/sql/run'

import { createMember, createResource } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(async () => {
  await releasePayload()
})

/** The comparison as the page reads it, without Next's cache (which needs a Next server). */
const compare = (slugs: string[]) =>
  compareWith({
    resource: async (slug) => {
      const { rows } = await runSql<{ id: number }>({
        payload,
        query: sql`SELECT id FROM resources WHERE slug = ${slug}`,
      })
      return rows[0] ? readPublishedResource(rows[0].id, 'en') : null
    },
    figures: (resourceId) => readReviewFigures({ payload, resourceId }),
    extras: async ({ resource, locale }) =>
      resourcePageExtrasView({
        resource,
        locale,
        extras: await readResourcePageExtras({ payload, resourceId: resource.id }),
      }),
  })({ slugs, locale: 'en' })

const HOUR = 3600

/**
 * A review of `resource` written `daysAgo` days ago, answered `replyHours` later (none when
 * undefined); times set in SQL, which recomputes nothing.
 */
const review = async ({
  resource,
  grade,
  status = 'published',
  daysAgo,
  replyHours,
  criteria,
}: {
  resource: number
  grade: number
  status?: 'published' | 'hidden' | 'pending'
  daysAgo: number
  replyHours?: number
  criteria?: Record<string, number>
}) => {
  const author = await createMember({ payload, joinedDaysAgo: 400 })
  const written = await payload.create({
    collection: 'reviews',
    data: {
      resource,
      author: author.user.id,
      grade,
      comment: `A review graded ${grade}, written for the comparison.`,
      status: 'published',
      criteria,
    },
  })
  if (status !== 'published') {
    await payload.update({
      collection: 'reviews',
      id: written.id,
      data: { status, ...(status === 'hidden' ? { hiddenReason: 'Off topic.' } : {}) },
    })
  }
  await runSql({
    payload,
    query: sql`UPDATE reviews SET
      created_at = now() - make_interval(days => ${daysAgo}),
      reply_text = ${replyHours === undefined ? null : 'Thank you for the review.'},
      reply_replied_at = ${
        replyHours === undefined
          ? null
          : sql`now() - make_interval(days => ${daysAgo}) + make_interval(secs => ${replyHours * HOUR})`
      }
      WHERE id = ${written.id}`,
  })
  return written
}

describe('the comparison’s reader', () => {
  it('counts only published reviews: distribution, criteria, reply rate and median reply time', async () => {
    const resource = await createResource({ payload, verified: true })
    const id = resource.id
    await review({ resource: id, grade: 5, daysAgo: 10, replyHours: 2, criteria: { fees: 5 } })
    await review({ resource: id, grade: 5, daysAgo: 20, replyHours: 6, criteria: { fees: 3 } })
    await review({ resource: id, grade: 4, daysAgo: 30, replyHours: 30 })
    await review({ resource: id, grade: 1, daysAgo: 40 })
    // Never counted: a hidden review answered at once, a pending one, both graded 2.
    await review({ resource: id, grade: 2, daysAgo: 1, status: 'hidden', replyHours: 0 })
    await review({ resource: id, grade: 2, daysAgo: 2, status: 'pending', replyHours: 0 })

    const { missing, columns } = await compare([resource.slug!])
    expect(missing).toEqual([])
    const [column] = columns
    expect(column.summary.title).toBe(resource.title)
    expect(column.summary.verified).toBe(true)
    expect(column.rating.count).toBe(4)
    expect(column.rating.average).toBeCloseTo(3.75, 2)
    expect(column.rating.distribution).toEqual({ 5: 2, 4: 1, 3: 0, 2: 0, 1: 1 })
    expect(column.rating.criteria).toEqual({ fees: 4 })
    expect(column.replies.replied).toBe(3)
    expect(column.replies.reviews).toBe(4)
    expect(column.replies.rate).toBeCloseTo(0.75, 5)
    // The middle of 2, 6 and 30 hours.
    expect(column.replies.medianSeconds).toBeCloseTo(6 * HOUR, 0)
    // The newest published review is 10 days old, the oldest 40.
    const age = (iso: string | null) => Math.round((Date.now() - Date.parse(iso!)) / 86_400_000)
    expect(age(column.reviews.newest)).toBe(10)
    expect(age(column.reviews.oldest)).toBe(40)
  })

  it('gives a resource without reviews no rate, no reply time and no dates', async () => {
    const resource = await createResource({ payload })
    await review({ resource: resource.id, grade: 3, daysAgo: 3, status: 'pending' })
    const [column] = (await compare([resource.slug!])).columns
    expect(column.rating.count).toBe(0)
    expect(column.replies).toEqual({ rate: null, replied: 0, reviews: 0, medianSeconds: null })
    expect(column.reviews).toEqual({ newest: null, oldest: null })
  })

  it('leaves out what is not a published resource, keeping the order of the rest', async () => {
    const first = await createResource({ payload })
    const pending = await createResource({ payload, status: 'pending' })
    const last = await createResource({ payload })
    const { missing, columns } = await compare([
      first.slug!,
      pending.slug!,
      'no-such-slug',
      last.slug!,
    ])
    expect(missing).toEqual([pending.slug, 'no-such-slug'])
    expect(columns.map(({ summary }) => summary.id)).toEqual([first.id, last.id])
  })

  it('shows the status, its history and the signed list as the resource page has them', async () => {
    const resource = await createResource({ payload })
    await payload.update({
      collection: 'resources',
      id: resource.id,
      data: { publicStatus: 'warning', publicStatusReason: 'Payouts are late.' },
    })
    await payload.update({
      collection: 'resources',
      id: resource.id,
      data: { publicStatus: 'scam', publicStatusReason: 'Confirmed by several members.' },
    })
    const [column] = (await compare([resource.slug!])).columns
    expect(column.status.current).toBe('scam')
    expect(column.status.changes).toBe(2)
    expect(column.status.history.map(({ from, to }) => [from, to])).toEqual([
      ['warning', 'scam'],
      ['none', 'warning'],
    ])
    expect(column.mirrors).toEqual({ addresses: 1, hasKey: false, signedAt: null, signed: 0 })
    // Example addresses are never checked: no share, and no state to count.
    expect(column.availability).toEqual({ share: null, up: 0, known: 0, addresses: 1 })
  })

  it('reads the 30 days’ availability of the addresses that were checked', async () => {
    const resource = await createResource({ payload })
    const url = 'https://example.com'
    await runSql({
      payload,
      query: sql`
        INSERT INTO link_checks (resource_id, url, checked_at, up, status, ms)
        SELECT ${resource.id}, ${url}, now() - make_interval(hours => n), n % 4 <> 0, 200, 50
        FROM generate_series(1, 8) n`,
    })
    await runSql({
      payload,
      query: sql`INSERT INTO link_states (resource_id, url, up, since, checked_at)
        VALUES (${resource.id}, ${url}, true, now(), now())`,
    })
    const [column] = (await compare([resource.slug!])).columns
    // 6 of 8 checks found it up.
    expect(column.availability).toEqual({ share: 75, up: 1, known: 1, addresses: 1 })
  })
})
