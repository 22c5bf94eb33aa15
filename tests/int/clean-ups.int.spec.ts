import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CLEAN_UP_TASKS, JOB_RETENTION } from '@/server/cleanUp'
import { EMAIL_TASK } from '@/server/jobQueues'
import { runSql } from '@/server/sql/run'

import { createMember } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const query = async <Row = Record<string, unknown>>(statement: ReturnType<typeof sql>) =>
  (await runSql<Row>({ payload, query: statement })).rows

const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString()
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** Runs a clean-up as the queue would, twice at once (two workers that picked it up together). */
const runTwiceAtOnce = async (task: (typeof CLEAN_UP_TASKS)[keyof typeof CLEAN_UP_TASKS]) => {
  const jobs = await Promise.all(
    [1, 2].map(() =>
      payload.jobs.queue({
        task: task as typeof CLEAN_UP_TASKS.jobs,
        queue: 'clean-up-test',
        input: {},
      }),
    ),
  )
  await Promise.all(jobs.map((job) => payload.jobs.runByID({ id: job.id, silent: true })))
}

describe('the clean-ups', () => {
  it('should forget exactly the sessions past their end', async () => {
    const { user } = await createMember({ payload })
    const current = (await payload.findByID({ collection: 'users', id: user.id })).sessions ?? []
    await payload.update({
      collection: 'users',
      id: user.id,
      data: {
        sessions: [
          ...current,
          { id: 'ended', createdAt: ago(2 * DAY), expiresAt: ago(MINUTE) },
          { id: 'live', createdAt: ago(DAY), expiresAt: ahead(DAY) },
        ],
      },
      overrideAccess: true,
    })
    await runTwiceAtOnce(CLEAN_UP_TASKS.sessions)
    const after = (await payload.findByID({ collection: 'users', id: user.id })).sessions ?? []
    expect(after.map((session) => session.id).sort()).toEqual(
      [...current.map((session) => session.id), 'live'].sort(),
    )
  })

  it('should forget exactly the rate-limit rows whose window is over', async () => {
    const tag = `cleanup${Date.now()}`
    const now = Date.now()
    await query(sql`INSERT INTO rate_limits (key, points, expire) VALUES
      (${`${tag}:over`}, 3, ${now - MINUTE}), (${`${tag}:open`}, 3, ${now + MINUTE}),
      (${`${tag}:forever`}, 3, NULL)`)
    await runTwiceAtOnce(CLEAN_UP_TASKS.rateLimits)
    const left = await query<{ key: string }>(
      sql`SELECT key FROM rate_limits WHERE key LIKE ${`${tag}:%`} ORDER BY key`,
    )
    expect(left.map((row) => row.key)).toEqual([`${tag}:forever`, `${tag}:open`])
  })

  it('should forget exactly the spent and expired codes', async () => {
    const { user } = await createMember({ payload })
    const challenge = (data: Record<string, unknown>) =>
      payload.create({
        collection: 'auth-challenges',
        data: { user: user.id, purpose: 'login', attempts: 0, ...data } as never,
        overrideAccess: true,
      })
    const live = await challenge({ expiresAt: ahead(MINUTE) })
    await challenge({ purpose: 'pgp-setup', expiresAt: ago(MINUTE) })
    await challenge({ purpose: 'pgp-confirm', expiresAt: ahead(MINUTE), usedAt: ago(MINUTE) })
    await runTwiceAtOnce(CLEAN_UP_TASKS.challenges)
    const { docs } = await payload.find({
      collection: 'auth-challenges',
      where: { user: { equals: user.id } },
      overrideAccess: true,
    })
    expect(docs.map((doc) => doc.id)).toEqual([live.id])
  })

  it('should forget old finished jobs and free the ones a stopped runner held', async () => {
    const queue = `clean-up-jobs-${Date.now()}`
    const job = async (name: string, set: ReturnType<typeof sql>) => {
      const created = await payload.jobs.queue({
        task: EMAIL_TASK,
        queue,
        input: { message: { to: `${name}@example.com`, subject: name } },
      })
      await query(sql`UPDATE payload_jobs SET ${set} WHERE id = ${created.id}`)
      return { name, id: created.id as number }
    }
    const days = (count: number) => sql.raw(`now() - interval '${count} days'`)
    const minutes = (count: number) => sql.raw(`now() - interval '${count} minutes'`)
    const { completedDays, failedDays, staleClaimMinutes } = JOB_RETENTION
    const made = [
      await job('completed-long-ago', sql`completed_at = ${days(completedDays + 1)}`),
      await job('completed-lately', sql`completed_at = ${days(completedDays - 1)}`),
      await job('failed-long-ago', sql`has_error = true, updated_at = ${days(failedDays + 1)}`),
      await job('failed-lately', sql`has_error = true, updated_at = ${days(failedDays - 1)}`),
      await job(
        'held-by-a-stopped-runner',
        sql`processing = true, updated_at = ${minutes(staleClaimMinutes + 5)}`,
      ),
      await job('running-now', sql`processing = true, updated_at = ${minutes(1)}`),
      await job('waiting', sql`updated_at = ${days(failedDays + 1)}`),
    ]
    await runTwiceAtOnce(CLEAN_UP_TASKS.jobs)
    const left = await query<{ id: number; processing: boolean }>(
      sql`SELECT id, processing FROM payload_jobs WHERE queue = ${queue}`,
    )
    const state = (id: number) => left.find((row) => row.id === id)
    expect(
      Object.fromEntries(
        made.map(({ name, id }) => [
          name,
          state(id) ? (state(id)!.processing ? 'held' : 'free') : 'gone',
        ]),
      ),
    ).toEqual({
      'completed-long-ago': 'gone',
      'completed-lately': 'free',
      'failed-long-ago': 'gone',
      'failed-lately': 'free',
      'held-by-a-stopped-runner': 'free',
      'running-now': 'held',
      waiting: 'free',
    })
  })
})
