import { stripVTControlCharacters } from 'node:util'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { REVIEW_GUARD } from '@/lib/limits'
import { PEER_ADDRESS_FLAG } from '@/lib/peerAddress'
import { EMAIL_QUEUE, EMAIL_TASK } from '@/server/jobQueues'

import { receivedTo, slowMail, startMailbox } from '../helpers/mailbox'

import { fillDatabase, ownDatabase, startApp, until } from './appUnderFault'

/**
 * The production server on a PostgreSQL that is crash-stopped under it: nothing answered 200 is
 * lost, no connection leaks, and while the database is away every answer is an honest 503.
 */
const database = await ownDatabase()
const secret = 'faults-test-secret'
Object.assign(process.env, {
  DATABASE_URL: database.url,
  PAYLOAD_SECRET: secret,
  NEXT_PUBLIC_SERVER_URL: 'http://localhost:3000',
  [PEER_ADDRESS_FLAG]: '1',
})
// The config reads the environment when it loads: only now.
const { createMember, createResource } = await import('../helpers/directory')

type Member = { id: number; token: string }
/** The writers at once under the crashes. */
const WRITERS = 24
/**
 * An account may write REVIEW_GUARD.reviewsPerDay reviews a day (then 429): each writer has
 * accounts enough to keep writing through every crash however fast the machine answers.
 */
const ACCOUNTS_PER_WRITER = 4
let members: Member[] = []
let resources: number[] = []
let app: Awaited<ReturnType<typeof startApp>>
let mailbox: Awaited<ReturnType<typeof startMailbox>>
/** Mails queued for the jobs queue to send through the crashes. */
const MAILS = 200
/** The app's pool (DATABASE_POOL_SIZE's default). */
const POOL_SIZE = 10

beforeAll(async () => {
  await fillDatabase(async (payload) => {
    members = []
    for (let i = 0; i < WRITERS * ACCOUNTS_PER_WRITER; i += 1) {
      const { user, token } = await createMember({ payload })
      members.push({ id: user.id, token })
    }
    resources = []
    for (let i = 0; i < 30; i += 1) resources.push((await createResource({ payload })).id)
    // Mail for the jobs queue to be sending while the database comes and goes, held back until
    // the crashes start.
    for (let i = 0; i < MAILS; i += 1) {
      await payload.jobs.queue({
        task: EMAIL_TASK,
        queue: EMAIL_QUEUE,
        input: { message: { to: `crash-${i}@example.com`, subject: `Crash ${i}`, text: '.' } },
        waitUntil: new Date('2100-01-01T00:00:00Z'),
      })
    }
  })
  mailbox = await startMailbox()
  app = await startApp({
    databaseUrl: database.url,
    env: {
      PAYLOAD_SECRET: secret,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mailbox.port),
      EMAIL_FROM: 'no-reply@example.com',
    },
  })
})

afterAll(async () => {
  await app?.stop()
  await mailbox?.close()
  await database.remove()
})

const call = async (
  path: string,
  {
    token,
    body,
    headers = {},
  }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) => {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { Authorization: `JWT ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  let json: Record<string, unknown> | null = null
  try {
    json = JSON.parse(text)
  } catch {
    // a page
  }
  return { status: response.status, headers: response.headers, json, text }
}

const review = (resourceId: number, grade: number) => ({
  resource_id: resourceId,
  grade,
  comment: 'Written while the database came and went.',
})

const ready = () => call('/api/ready').then((r) => r.status === 200)

/**
 * Each writer reviews the resources in turn until `stop`, with one account until it has written
 * its day's reviews, then the next; every answer is kept.
 */
const writeUntil = (stop: () => boolean) => {
  const acknowledged: Array<{ id: number; author: number; resource: number }> = []
  const statuses = new Map<number, number>()
  const unexpected: string[] = []
  const write = async (member: Member, first: number) => {
    let next = first
    let written = 0
    while (!stop() && written < REVIEW_GUARD.reviewsPerDay) {
      const resource = resources[next % resources.length]
      const answer = await call('/api/add-reviews', {
        token: member.token,
        body: review(resource, (next % 5) + 1),
      }).catch((error: Error) => ({
        status: 0,
        json: null,
        text: error.message,
        headers: new Headers(),
      }))
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
      if (answer.status === 200) {
        const id = (answer.json?.review as { id: number }).id
        acknowledged.push({ id, author: member.id, resource })
        written += 1
        next += 1
      } else if (answer.status === 422 && answer.json?.code === 'review-exists') {
        // An attempt answered 503 whose COMMIT had in fact gone through: not acknowledged.
        written += 1
        next += 1
      } else if (answer.status === 503) {
        expect(answer.headers.get('retry-after')).toBeTruthy()
        await new Promise((resolve) => setTimeout(resolve, 100))
      } else {
        unexpected.push(`${answer.status} ${answer.text.slice(0, 200)}`)
        written += 1
        next += 1
      }
    }
  }
  const writers = Array.from({ length: WRITERS }, async (_, writer) => {
    const accounts = members.filter((_, index) => index % WRITERS === writer)
    for (const member of accounts) await write(member, writer)
  })
  return { done: Promise.all(writers), acknowledged, statuses, unexpected }
}

describe('the database crash-stopped under writes', () => {
  it('should keep every write it answered 200, once, with every rating right', async () => {
    let stopping = false
    const run = writeUntil(() => stopping)
    for (let crash = 0; crash < 6; crash += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await database.crash()
      await new Promise((resolve) => setTimeout(resolve, 300))
      await database.start()
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    stopping = true
    await run.done

    console.log(run.acknowledged.length, JSON.stringify([...run.statuses]))
    expect(run.unexpected).toEqual([])
    expect(run.acknowledged.length).toBeGreaterThan(0)
    expect(run.statuses.get(503)).toBeGreaterThan(0)
    const ids = run.acknowledged.map((a) => a.id)
    const stored = await database.query<{ id: number; author_id: number; resource_id: number }>(
      'select id, author_id, resource_id from reviews where id = any($1)',
      [ids],
    )
    expect(stored.length).toBe(ids.length)
    const twice = await database.query(
      'select author_id, resource_id from reviews group by 1, 2 having count(*) > 1',
    )
    expect(twice).toEqual([])
    const wrong = await database.query(
      `select r.id from resources r
        left join (select resource_id, count(*)::int as n, avg(grade)::numeric as average
                     from reviews where status = 'published' group by 1) s on s.resource_id = r.id
        where r.review_count <> coalesce(s.n, 0)
           or abs(coalesce(r.rating_average, 0) - round(coalesce(s.average, 0), 2)) > 0.005`,
    )
    expect(wrong).toEqual([])
  })
})

describe('while the database is away', () => {
  it('should answer 503 with Retry-After, never a 401, and serve again once it is back', async () => {
    const [member] = members
    const home = await call('/en')
    expect(home.status).toBe(200)
    await database.crash()
    try {
      const me = await call('/api/users/me', {
        token: member.token,
        headers: { 'Accept-Language': 'en' },
      })
      expect(me.status).toBe(503)
      expect(me.headers.get('retry-after')).toBe('5')
      expect(me.json).toMatchObject({
        errors: [{ message: 'Service temporarily unavailable, please try again' }],
      })
      const write = await call('/api/add-reviews', {
        token: member.token,
        body: review(resources[0], 4),
        headers: { 'Accept-Language': 'ru' },
      })
      expect(write.status).toBe(503)
      expect(write.json).toMatchObject({
        code: 'service-unavailable',
        message: 'Сервис временно недоступен, попробуйте ещё раз',
      })
      const mine = await call('/api/get-my-reviews', { token: member.token, body: {} })
      expect(mine.status).toBe(503)
      const rest = await call(`/api/reviews?where[author][equals]=${member.id}`, {
        token: member.token,
      })
      expect(rest.status).toBe(503)
      const profile = await call('/en/profile', {
        // A browser's navigation, which Payload's CSRF rule lets the cookie through for.
        headers: { Cookie: `payload-token=${member.token}`, 'Sec-Fetch-Site': 'none' },
      })
      expect(profile.status).toBe(503)
      expect(profile.headers.get('retry-after')).toBe('5')
      // A page already in the cache is served as it was.
      expect((await call('/en')).status).toBe(200)
      expect((await call('/api/health')).status).toBe(200)
      expect((await call('/api/ready')).status).toBe(503)
    } finally {
      await database.start()
    }
    expect(await until(ready, 10_000)).toBe(true)
    const me = await call('/api/users/me', { token: member.token })
    expect(me.status).toBe(200)
    expect(me.json?.user).toMatchObject({ id: member.id })
  })

  it('should have its whole pool and write after 30 crash stops, fast restarts and terminations', async () => {
    app.clearLog()
    const [member] = members
    // The jobs queue sends mail all along (slowly: a job is under way when the database goes).
    slowMail({ ms: 50 })
    // The runners start with the site's first page (src/data/payload.ts).
    expect((await call('/en')).status).toBe(200)
    await database.query(`update payload_jobs set wait_until = now() where queue = $1`, [
      EMAIL_QUEUE,
    ])
    try {
      for (let round = 0; round < 30; round += 1) {
        // Requests under way when the database goes: each takes, and must give back, a connection.
        const calls = Promise.all([
          call('/api/users/me', { token: member.token }),
          call('/api/get-my-reviews', { token: member.token, body: {} }),
          call(`/api/resources?limit=5`),
          call('/api/add-reviews', {
            token: members[round + 1].token,
            body: review(resources[1], 3),
          }),
        ])
        if (round % 3 === 0) {
          await database.crash()
          await calls
          await database.start()
        } else if (round % 3 === 1) {
          // A fast restart: back before the requests under way have finished.
          await database.crash()
          await database.start()
          await calls
        } else {
          // Every session of the app ended by PostgreSQL (an operator, a failover, a timeout).
          await database.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
              where datname = 'faults' and pid <> pg_backend_pid()`,
          )
          await calls
        }
        expect(await until(ready, 10_000)).toBe(true)
      }
    } finally {
      slowMail({ ms: 0 })
    }
    // Every connection of the pool is there: with a table locked, the app's requests take them
    // all, each waiting on the lock (a connection the pool lost would never show up).
    const inUse = await poolInUseUnderLock()
    // The jobs queue, which met the database gone at almost every look, sends again.
    const sentDuring = receivedTo('crash-').length
    expect(await until(async () => receivedTo('crash-').length > sentDuring, 20_000)).toBe(true)
    console.log(
      `After 30 faults: ${inUse} of the pool's ${POOL_SIZE} connections in use at once; ${sentDuring} of ${MAILS} mails sent during them, and the queue sending again after.`,
    )
    expect(inUse).toBe(POOL_SIZE)
    // And the site writes.
    const written = await call('/api/add-chat-message', {
      token: members[40].token,
      body: { text: 'Written after thirty crashes.' },
    })
    expect(written.status).toBe(200)
    // One line when the database goes and one when it is back, no stacks, nothing uncaught (the
    // mails a crash interrupted say so, one line each; each request has its own line, and a line
    // logged for a request its id on the next).
    const log = app.log()
    expect(log).not.toMatch(/uncaughtException|unhandledRejection/)
    expect(log).not.toMatch(/Failed query/)
    const lines = stripVTControlCharacters(log)
      .split('\n')
      .filter((line) => line && !/Mail not sent this time| \d+ ms · |requestId:/.test(line))
    expect(lines.length, lines.join('\n')).toBeLessThanOrEqual(30 * 3)
  })
})

/**
 * How many of the app's connections wait at once on a table the test locks, under more requests
 * than the pool has connections; the lock is let go once the count stops rising.
 */
const poolInUseUnderLock = async () => {
  const locker = new pg.Client({ connectionString: database.url })
  await locker.connect()
  await locker.query('begin')
  await locker.query('lock table reviews in access exclusive mode')
  const [member] = members
  const calls = Promise.all(
    Array.from({ length: POOL_SIZE * 2 }, () =>
      call('/api/get-my-reviews', { token: member.token, body: {} }),
    ),
  )
  const waiting = async () =>
    (
      await database.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = 'faults' and wait_event_type = 'Lock'`,
      )
    )[0].n
  let most = 0
  try {
    await until(async () => {
      const now = await waiting()
      const settled = now > 0 && now === most
      most = Math.max(most, now)
      return settled && now >= POOL_SIZE
    }, 10_000)
  } finally {
    await locker.query('rollback')
    await locker.end()
  }
  const answers = await calls
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
  return most
}
