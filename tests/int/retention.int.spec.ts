import { existsSync } from 'node:fs'
import path from 'node:path'

import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { RETENTION } from '@/lib/retention'
import { CLEAN_UP_TASKS } from '@/server/cleanUp'
import { forgetOldRecords } from '@/server/retention'
import { serverMessage } from '@/server/serverMessages'
import { runSql } from '@/server/sql/run'

import { createMember, createResource, unique } from '../helpers/directory'
import { PNG } from '../helpers/forms'
import { releasePayload, startPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const run = (statement: ReturnType<typeof sql>) => runSql({ payload, query: statement })

/** A row's `column` moved `days` into the past, as if written then. */
const age = (table: string, column: string, id: number, days: number) =>
  run(
    sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = now() - make_interval(days => ${days})
        WHERE id = ${id}`,
  )

const exists = async (collection: 'security-events' | 'contact-messages' | 'reviews', id: number) =>
  Boolean(
    await payload.findByID({ collection, id, overrideAccess: true, disableErrors: true, depth: 0 }),
  )

describe('how long records are kept', () => {
  it('should remove each kind past its period, with its files, and keep what is younger', async () => {
    const member = await createMember({ payload })
    const events = await Promise.all(
      [RETENTION.securityLog + 1, RETENTION.securityLog - 1].map(async (days) => {
        const event = await payload.create({
          collection: 'security-events',
          data: { user: member.user.id, kind: 'sign-in' },
          overrideAccess: true,
        })
        await age('security_events', 'created_at', event.id, days)
        return event.id
      }),
    )

    const message = async (handledDaysAgo: number | null) => {
      const file = await payload.create({
        collection: 'attachments',
        data: {},
        file: { data: PNG, mimetype: 'image/png', name: `proof-${unique()}.png`, size: PNG.length },
        overrideAccess: true,
      })
      const created = await payload.create({
        collection: 'contact-messages',
        data: {
          name: 'Anna',
          email: `anna${unique()}@example.com`,
          subject: 'Old question',
          message: 'Hello',
          locale: 'en',
          attachments: [file.id],
          handled: handledDaysAgo !== null,
        },
        overrideAccess: true,
      })
      await age('contact_messages', 'created_at', created.id, 800)
      if (handledDaysAgo !== null) {
        await age('contact_messages', 'handled_at', created.id, handledDaysAgo)
      }
      const folder = payload.collections.attachments.config.upload.staticDir!
      return { id: created.id, file: path.resolve(folder, file.filename!) }
    }
    const [oldMessage, recentMessage, unhandled] = await Promise.all([
      message(RETENTION.contactMessages + 1),
      message(10),
      message(null),
    ])

    const resource = await createResource({ payload })
    const review = async (status: 'hidden' | 'pending' | 'published', daysAgo: number) => {
      const author = await createMember({ payload })
      const created = await payload.create({
        collection: 'reviews',
        data: {
          resource: resource.id,
          author: author.user.id,
          grade: 3,
          comment: 'Old',
          status,
          ...(status === 'hidden' ? { hiddenReason: 'Spam' } : {}),
        },
        overrideAccess: true,
      })
      await age('reviews', status === 'hidden' ? 'hidden_at' : 'created_at', created.id, daysAgo)
      return created.id
    }
    const reviews = {
      hiddenLongAgo: await review('hidden', RETENTION.hiddenReviews + 1),
      hiddenLately: await review('hidden', 10),
      heldLongAgo: await review('pending', RETENTION.heldReviews + 1),
      heldLately: await review('pending', 10),
      publishedLongAgo: await review('published', 1000),
    }

    for (const days of [RETENTION.analyticsDays + 1, RETENTION.analyticsDays - 1]) {
      await run(sql`INSERT INTO analytics_resource_days (resource_id, day, views)
        VALUES (${resource.id}, (now() - make_interval(days => ${days}))::date, 1)`)
    }

    const removed = await forgetOldRecords(payload)
    expect(removed).toMatchObject({ reviews: 2 })
    expect(removed.securityEvents).toBeGreaterThanOrEqual(1)
    expect(removed.contactMessages).toBeGreaterThanOrEqual(1)

    expect([
      await exists('security-events', events[0]),
      await exists('security-events', events[1]),
    ]).toEqual([false, true])
    expect(await exists('contact-messages', oldMessage.id)).toBe(false)
    expect(existsSync(oldMessage.file)).toBe(false)
    for (const kept of [recentMessage, unhandled]) {
      expect(await exists('contact-messages', kept.id)).toBe(true)
      expect(existsSync(kept.file)).toBe(true)
    }
    const left = await Promise.all(
      Object.entries(reviews).map(async ([name, id]) => [name, await exists('reviews', id)]),
    )
    expect(Object.fromEntries(left)).toEqual({
      hiddenLongAgo: false,
      hiddenLately: true,
      heldLongAgo: false,
      heldLately: true,
      publishedLongAgo: true,
    })
    const { rows } = await runSql<{ days: number }>({
      payload,
      query: sql`SELECT (now()::date - day) AS days FROM analytics_resource_days
        WHERE resource_id = ${resource.id}`,
    })
    // Today's counts (the reviews above) stay too.
    expect(rows.map((row) => Number(row.days)).filter((days) => days > 0)).toEqual([
      RETENTION.analyticsDays - 1,
    ])
  })

  it('should tell every period on the privacy page in both languages, and enforce it hourly', () => {
    for (const locale of ['ru', 'en'] as const) {
      for (const [kind, days] of Object.entries(RETENTION)) {
        const sentence = serverMessage({ locale, key: `retention.${kind}`, values: { days } })
        if (days > 0) expect(sentence, `${locale} ${kind}`).toContain(String(days))
      }
    }
    const tasks = (payload.config.jobs.tasks ?? []).map((task) => task.slug)
    for (const slug of Object.values(CLEAN_UP_TASKS)) expect(tasks).toContain(slug)
  })
})
