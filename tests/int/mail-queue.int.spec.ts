import { sql } from 'drizzle-orm'
import { type Payload, createLocalReq } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { inTransaction } from '@/server/db'
import { mailClaimLeaseSeconds } from '@/server/env'
import { EMAIL_QUEUE, EMAIL_TASK } from '@/server/jobQueues'
import { EMAIL_RETRIES, queueEmail, sendEmailTask } from '@/server/mailQueue'
import { releaseLapsedClaims } from '@/server/sql/cleanUp'
import { runSql } from '@/server/sql/run'
import type { PayloadJob } from '@payload-types'

import { buildRegistration, codeFrom } from '../helpers/accounts'
import { createMember } from '../helpers/directory'
import { makeDue, runJob } from '../helpers/jobs'
import { receivedTo, refuseMail, refusedSoFar, waitForMail } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

/** The addresses this file's tests had the mail server refuse, let through again after each. */
const refusing = new Set<string>()
const refuseMailTo = (to: string, rule: { count?: number; down?: boolean }) => {
  refusing.add(to)
  refuseMail({ ...rule, to })
}

afterEach(() => {
  for (const to of refusing) refuseMail({ to, down: false })
  refusing.clear()
})

afterAll(releasePayload)

let counter = 0
const newAddress = () => `queued${Date.now().toString(36)}${(counter += 1)}@example.com`

/** The email jobs of one address, as the database holds them. */
const jobsTo = async (to: string) =>
  (
    await payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: EMAIL_TASK } },
      pagination: false,
      overrideAccess: true,
    })
  ).docs.filter((job) => (job.input as { message?: { to?: unknown } })?.message?.to === to)

/**
 * One run of the email queue for the job `id` only: a run of the whole queue would try every mail
 * of the worker's database that is due, other files' retries among them.
 */
const runEmailJobOnce = (id: PayloadJob['id']) => runJob({ payload, id })

/**
 * Runs the queue for the one job to `to` until it is sent or fails for good, making each retry due
 * at once; answers the delays the job was given before each retry, in seconds.
 */
const runThroughRetries = async (to: string) => {
  const delays: number[] = []
  const [{ id }] = await jobsTo(to)
  for (let round = 0; round < 20; round += 1) {
    await runEmailJobOnce(id)
    const [job] = await jobsTo(to)
    if (!job || job.hasError) return { delays, job }
    delays.push(Math.round((Date.parse(job.waitUntil!) - Date.now()) / 1000))
    // Time passes for the job waiting to retry: its time comes now.
    await makeDue({ payload, id: job.id })
  }
  throw new Error(`The mail to ${to} was neither sent nor given up`)
}

describe('mail off the request path', () => {
  it('should answer a registration while the mail server is down, and mail the code once it is back', async () => {
    const body = buildRegistration()
    refuseMailTo(body.email, { down: true })
    const registered = await rest('POST', '/register-user', { body })
    expect(registered.status).toBe(200)
    // Nothing was tried during the request: the message waits in the queue.
    expect([refusedSoFar(body.email), receivedTo(body.email)]).toEqual([0, []])
    const [job] = await jobsTo(body.email)
    expect([job.queue, job.processing, job.completedAt ?? null]).toEqual([EMAIL_QUEUE, false, null])
    refuseMailTo(body.email, { down: false })
    const mail = await waitForMail({ to: body.email })
    const verified = await rest('POST', '/verify-otp', {
      body: { user_id: registered.json.user_id, code: codeFrom(mail.text) },
    })
    expect(verified.status).toBe(200)
  })

  it('should keep only the mail itself in the job', async () => {
    const to = newAddress()
    await payload.sendEmail({ to, subject: 'Kept', text: 'Only this.', html: '<p>Only this.</p>' })
    const [job] = await jobsTo(to)
    expect(job.input).toEqual({
      message: { to, subject: 'Kept', text: 'Only this.', html: '<p>Only this.</p>' },
    })
  })

  it('should queue nothing when the write that mails rolls back', async () => {
    const to = newAddress()
    const req = await createLocalReq({}, payload)
    await expect(
      inTransaction(req, async () => {
        await queueEmail({ req, message: { to, subject: 'Never', text: 'Rolled back.' } })
        throw new Error('the write fails')
      }),
    ).rejects.toThrow('the write fails')
    expect(await jobsTo(to)).toEqual([])
  })

  it('should retry a refused mail with growing delays and deliver it exactly once', async () => {
    const to = newAddress()
    await payload.sendEmail({ to, subject: 'Retried', text: 'Third time lucky.' })
    refuseMailTo(to, { count: 3 })
    const { delays, job } = await runThroughRetries(to)
    const delay = EMAIL_RETRIES.backoff.delay / 1000
    expect(delays).toEqual([delay, delay * 2, delay * 4])
    expect([refusedSoFar(to), job ?? null]).toEqual([3, null])
    expect(receivedTo(to).map((mail) => mail.text.trim())).toEqual(['Third time lucky.'])
  })

  it('should give up after its last try and keep the job with its error', async () => {
    const to = newAddress()
    await payload.sendEmail({ to, subject: 'Never arrives', text: 'Refused each time.' })
    refuseMailTo(to, { down: true })
    const { job } = await runThroughRetries(to)
    expect([job?.hasError, refusedSoFar(to)]).toEqual([true, EMAIL_RETRIES.attempts + 1])
    refuseMailTo(to, { down: false })
    await runEmailJobOnce(job!.id)
    expect(receivedTo(to)).toEqual([])
  })
})

describe('a runner killed while it sends', () => {
  it('should free its claim after the lease and not send again a mail the server accepted', async () => {
    const to = newAddress()
    await payload.sendEmail({ to, subject: 'Sent before the crash', text: 'Once.' })
    const [job] = await jobsTo(to)
    // A runner claimed the job, the server accepted its mail, and the runner died before it
    // could mark the job done: the claim is left, older than the lease.
    await sendEmailTask.handler({
      input: job.input as { message: unknown },
      job: job as never,
      req: await createLocalReq({}, payload),
      inlineTask: undefined as never,
      tasks: undefined as never,
    })
    await runSql({
      payload,
      query: sql`UPDATE payload_jobs SET processing = true,
        updated_at = now() - make_interval(secs => ${mailClaimLeaseSeconds() + 1}) WHERE id = ${job.id}`,
    })
    await runEmailJobOnce(job.id)
    expect((await jobsTo(to)).map((left) => left.processing)).toEqual([true])
    const freed = await releaseLapsedClaims(payload, {
      queue: EMAIL_QUEUE,
      seconds: mailClaimLeaseSeconds(),
    })
    expect(freed).toContain(job.id)
    await runEmailJobOnce(job.id)
    expect([receivedTo(to).length, await jobsTo(to)]).toEqual([1, []])
  })
})

describe('the email jobs behind closed doors', () => {
  it('should show an email job to admins only, on REST and GraphQL', async () => {
    const [member, editor, admin] = await Promise.all([
      createMember({ payload }),
      createMember({ payload, role: 'editor' }),
      createMember({ payload, role: 'admin' }),
    ])
    const to = newAddress()
    await payload.sendEmail({ to, subject: 'Your code', text: 'Code: 123456' })
    const [job] = await jobsTo(to)
    const byId = `/payload-jobs/${job.id}`
    const list = `/payload-jobs?where[taskSlug][equals]=${EMAIL_TASK}`
    const rows = async (token?: string) => {
      const answer = await rest('GET', list, { token })
      return answer.status === 200 ? (answer.json.docs as PayloadJob[]).map((doc) => doc.id) : []
    }
    const gql = async (token?: string) =>
      graphql(
        `{ PayloadJobs(where: { taskSlug: { equals: ${EMAIL_TASK} } }) { docs { id input } } }`,
        {
          token,
        },
      )

    expect([
      (await rest('GET', byId)).status,
      (await rest('GET', byId, { token: member.token })).status,
      (await rest('GET', byId, { token: editor.token })).status,
      (await rest('GET', byId, { token: admin.token })).status,
    ]).toEqual([403, 403, 404, 200])
    expect([await rows(), await rows(member.token), await rows(editor.token)]).toEqual([[], [], []])
    expect(await rows(admin.token)).toContain(job.id)

    const [guestGql, memberGql, editorGql, adminGql] = await Promise.all([
      gql(),
      gql(member.token),
      gql(editor.token),
      gql(admin.token),
    ])
    const docsOf = (answer: typeof adminGql) =>
      (answer.json?.data as { PayloadJobs?: { docs: unknown[] } | null } | undefined)?.PayloadJobs
        ?.docs ?? null
    expect([docsOf(guestGql), docsOf(memberGql), docsOf(editorGql)]).toEqual([null, null, []])
    expect(JSON.stringify(docsOf(adminGql))).toContain('Code: 123456')
  })

  it('should refuse a non-admin who would queue a mail through REST or GraphQL', async () => {
    const editor = await createMember({ payload, role: 'editor' })
    const member = await createMember({ payload })
    const to = newAddress()
    const body = {
      taskSlug: EMAIL_TASK,
      queue: EMAIL_QUEUE,
      input: { message: { to, subject: 'x' } },
    }
    const byEditor = await rest('POST', '/payload-jobs', { body, token: editor.token })
    const byMember = await rest('POST', '/payload-jobs', { body, token: member.token })
    const byGraphql = await graphql(
      `mutation { createPayloadJob(data: { taskSlug: ${EMAIL_TASK}, input: { message: { to: "${to}", subject: "x" } } }) { id } }`,
      { token: editor.token },
    )
    expect([byEditor.status, byMember.status]).toEqual([400, 403])
    expect(byGraphql.json?.errors).toBeTruthy()
    expect(await jobsTo(to)).toEqual([])
  })
})
