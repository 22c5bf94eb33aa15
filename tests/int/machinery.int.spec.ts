import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { machinery } from '@/data/machinery'
import { LAST_BACKUP_KEY } from '@/lib/backups'
import { MAX_RECORD_ID } from '@/lib/limits'
import { EMAIL_QUEUE, EMAIL_TASK } from '@/server/jobQueues'
import { serverMessage } from '@/server/serverMessages'
import { runSql } from '@/server/sql/run'
import type { PayloadJob } from '@payload-types'

import { createMember, unique } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

type Member = Awaited<ReturnType<typeof createMember>>

const english = { 'Accept-Language': 'en' }

/**
 * A mail the runner gave up on, as it leaves one: failed, not claimed, its reason recorded. It
 * waits an hour first, so no run of the email queue by another file takes it or its copy before
 * the test looks (a retried copy is due at once only if the original was).
 */
const failedMail = async () => {
  const to = `failed${unique()}@example.com`
  const queued = await payload.jobs.queue({
    task: EMAIL_TASK,
    queue: EMAIL_QUEUE,
    input: { message: { to, subject: `Code ${unique()}`, text: 'Your code: 123456' } },
    waitUntil: new Date(Date.now() + 3_600_000),
  })
  const job = (await payload.update({
    collection: 'payload-jobs',
    id: queued.id,
    data: {
      hasError: true,
      processing: false,
      totalTried: 5,
      error: { message: '550 mailbox unavailable' },
    },
    overrideAccess: true,
  })) as PayloadJob
  return { job, to }
}

const findJob = (id: number | string) =>
  payload.findByID({
    collection: 'payload-jobs',
    id,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  }) as Promise<PayloadJob | null>

const copiesFor = async (to: string) =>
  (
    await payload.find({
      collection: 'payload-jobs',
      where: { 'input.message.to': { equals: to } },
      depth: 0,
      overrideAccess: true,
      pagination: false,
    })
  ).docs as PayloadJob[]

const retry = (member: Member | null, body: Record<string, unknown>) =>
  rest('POST', '/retry-job', { token: member?.token, headers: english, body })

describe('retrying a failed job', () => {
  let admin: Member
  beforeAll(async () => {
    admin = await createMember({ payload, role: 'admin' })
  })

  it('should queue a copy in its place for an admin, and answer 404 the second time', async () => {
    const { job, to } = await failedMail()
    const { status, json } = await retry(admin, { job_id: job.id })
    expect(status).toBe(200)
    expect(await findJob(job.id)).toBeNull()
    const copy = await findJob(json.job_id)
    expect(copy).toMatchObject({
      taskSlug: EMAIL_TASK,
      queue: EMAIL_QUEUE,
      input: job.input,
      hasError: false,
      processing: false,
    })
    const again = await retry(admin, { job_id: job.id })
    expect(again.status).toBe(404)
    expect(again.json.message).toBe('Job not found, or it has not failed.')
    expect((await copiesFor(to)).map((one) => one.id)).toEqual([copy!.id])
  })

  it('should queue it once when admins retry it at the same moment', async () => {
    const other = await createMember({ payload, role: 'admin' })
    const { job, to } = await failedMail()
    const answers = await Promise.all(
      [admin, other, admin, other].map((who) => retry(who, { job_id: job.id })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404, 404])
    expect(await copiesFor(to)).toHaveLength(1)
  })

  it('should leave a job that has not failed as it is', async () => {
    const { job } = await failedMail()
    await payload.update({
      collection: 'payload-jobs',
      id: job.id,
      data: { hasError: false },
      overrideAccess: true,
    })
    expect((await retry(admin, { job_id: job.id })).status).toBe(404)
    expect(await findJob(job.id)).toMatchObject({ id: job.id, hasError: false })
  })

  it('should refuse a guest, a member and an editor, and change nothing', async () => {
    const { job, to } = await failedMail()
    const member = await createMember({ payload })
    const editor = await createMember({ payload, role: 'editor' })
    expect((await retry(null, { job_id: job.id })).status).toBe(401)
    expect((await retry(member, { job_id: job.id })).status).toBe(403)
    expect((await retry(editor, { job_id: job.id })).status).toBe(403)
    expect(await findJob(job.id)).toMatchObject({ hasError: true })
    expect(await copiesFor(to)).toHaveLength(1)
  })

  it('should answer bad ids with a 4xx in English, never a 5xx', async () => {
    for (const id of ['abc', -1, 0, 1.5, MAX_RECORD_ID + 1, '1\u0000', null, { id: 1 }]) {
      const { status, json } = await retry(admin, { job_id: id })
      expect(status, JSON.stringify(id)).toBeGreaterThanOrEqual(400)
      expect(status, JSON.stringify(id)).toBeLessThan(500)
      expect(json.message).toMatch(/^[\x20-\x7e]+$/)
    }
    expect((await retry(admin, { job_id: MAX_RECORD_ID })).status).toBe(404)
  })

  it("should let no other door change or remove a job, an admin's neither", async () => {
    const { job } = await failedMail()
    const patched = await rest('PATCH', `/payload-jobs/${job.id}`, {
      token: admin.token,
      body: { hasError: false },
    })
    expect(patched.status).toBe(403)
    const removed = await rest('DELETE', `/payload-jobs/${job.id}`, { token: admin.token })
    expect(removed.status).toBe(403)
    const viaGraphql = await graphql(`mutation { deletePayloadJob(id: ${job.id}) { id } }`, {
      token: admin.token,
    })
    expect(viaGraphql.json?.errors?.length ?? 0).toBeGreaterThan(0)
    expect(await findJob(job.id)).toMatchObject({ hasError: true })
  })
})

describe("the admins' machinery screen", () => {
  it('should show an admin the failed mail with its reason, and nobody else anything', async () => {
    const admin = await createMember({ payload, role: 'admin' })
    const editor = await createMember({ payload, role: 'editor' })
    const { job, to } = await failedMail()
    const figures = await machinery({ payload, user: admin.user })
    expect(figures?.failed.jobs).toContainEqual(
      expect.objectContaining({
        id: job.id,
        task: EMAIL_TASK,
        tries: 5,
        reason: '550 mailbox unavailable',
        mail: { to, subject: (job.input as { message: { subject: string } }).message.subject },
      }),
    )
    expect(figures?.mailsGivenUp).toBeGreaterThan(0)
    expect(figures?.queues.find((queue) => queue.queue === EMAIL_QUEUE)?.failed).toBeGreaterThan(0)
    expect(await machinery({ payload, user: editor.user })).toBeNull()
    expect(await machinery({ payload, user: null })).toBeNull()
  })

  it('should say when the last backup ran, and that it is overdue after a day and two hours', async () => {
    const admin = await createMember({ payload, role: 'admin' })
    const record = async (hoursAgo: number) => {
      const finishedAt = new Date(Date.now() - hoursAgo * 3_600_000).toISOString()
      const data = { finishedAt, location: '/backups/x', bytes: 1048576 }
      await runSql({
        payload,
        query: sql`INSERT INTO payload_kv (key, data) VALUES (${LAST_BACKUP_KEY}, ${data})
          ON CONFLICT (key) DO UPDATE SET data = EXCLUDED.data`,
      })
      return Date.parse(finishedAt)
    }
    const recent = await record(1)
    expect((await machinery({ payload, user: admin.user }))?.backup).toEqual({
      last: { at: recent, location: '/backups/x', bytes: 1048576 },
      overdue: false,
    })
    await record(27)
    expect((await machinery({ payload, user: admin.user }))?.backup.overdue).toBe(true)
  })

  it('should name every task of the queue in both languages', () => {
    const slugs = (payload.config.jobs.tasks ?? []).map((task) => task.slug)
    expect(slugs).toContain(EMAIL_TASK)
    for (const locale of ['ru', 'en'] as const) {
      for (const slug of slugs) {
        expect(() => serverMessage({ locale, key: `machinery.tasks.${slug}` }), slug).not.toThrow()
      }
    }
  })
})
