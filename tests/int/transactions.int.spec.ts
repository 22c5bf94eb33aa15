import crypto from 'node:crypto'

import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'
import { createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { isDatabaseDown } from '@/lib/databaseOutage'
import { inTransaction } from '@/server/db'
import { EMAIL_TASK } from '@/server/jobQueues'
import { consumeAttempt } from '@/server/rateLimit'
import { postgresOf } from '@/server/sql/run'
import { runSql } from '@/server/sql/run'

import { buildRegistration, codeFrom } from '../helpers/accounts'
import { createMember, createResource, unique } from '../helpers/directory'
import { waitForMail } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

/**
 * The defects of the stack beneath the project that patches/ mends (each test fails without its
 * patch), and the pool's watch that tells an outage once.
 */
let payload: Payload
let pool: PostgresAdapter['pool']

beforeAll(async () => {
  payload = await startPayload()
  pool = postgresOf(payload).pool
})

afterAll(releasePayload)

/** Clients taken from the pool and not given back. */
const checkedOut = () => pool.totalCount - pool.idleCount

/** Resolves with the promise's value, or 'timed out' after `ms`. */
const within = <T>(promise: Promise<T>, ms = 5_000) =>
  Promise.race([
    promise,
    new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms)),
  ])

const until = async (condition: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  return condition()
}

describe('the pool (patches/@payloadcms+db-postgres, patches/drizzle-orm)', () => {
  it('should give the connection the adapter opened at start back to the pool', () => {
    expect(checkedOut()).toBe(0)
  })

  it('should give a connection back when BEGIN fails, however often', async () => {
    const max = pool.options.max ?? 10
    for (let i = 0; i < max + 2; i += 1) {
      // An isolation level Postgres does not know makes BEGIN itself fail.
      await expect(
        payload.db.beginTransaction({ isolationLevel: 'no such level' as never }),
      ).rejects.toThrow(/cannot begin transaction/)
    }
    expect(checkedOut()).toBe(0)
    expect(await within(pool.query('select 1 as one').then((r) => r.rows[0].one))).toBe(1)
  })
})

describe("the pool's limits (DATABASE_POOL_WAIT_MS, DATABASE_IDLE_IN_TRANSACTION_MS)", () => {
  it('should open every connection with the idle-in-transaction limit and wait for one only so long', async () => {
    const { rows } = await pool.query<{ setting: string }>(
      `select setting from pg_settings where name = 'idle_in_transaction_session_timeout'`,
    )
    expect(rows[0].setting).toBe('60000')
    expect(pool.options.connectionTimeoutMillis).toBe(5_000)
  })
})

describe("the jobs queue's updates (patches/payload)", () => {
  it('should give a connection back when updating a job fails inside its transaction', async () => {
    // A trigger of this test's own refuses the claim of one queue's jobs, as a lost connection or
    // a lock timeout would fail it: each claim begins a transaction, and kept its connection.
    const queue = `failing-claims-${unique()}`
    const refuse = sql.raw(`refuse_claim_${unique()}`)
    await runSql({
      payload,
      query: sql`create function ${refuse}() returns trigger language plpgsql as
        $$ begin raise exception 'claim refused'; end $$`,
    })
    await runSql({
      payload,
      query: sql`create trigger ${refuse} before update on payload_jobs for each row
        when (new.queue = ${sql.raw(`'${queue}'`)}) execute function ${refuse}()`,
    })
    try {
      await payload.jobs.queue({ task: EMAIL_TASK, queue, input: { message: { to: 'x@y.z' } } })
      const max = pool.options.max ?? 10
      for (let claim = 0; claim < max + 2; claim += 1) {
        await expect(payload.jobs.run({ queue, silent: true })).rejects.toMatchObject({
          cause: { message: 'claim refused' },
        })
      }
      expect(checkedOut()).toBe(0)
      expect(await within(pool.query('select 1 as one').then((r) => r.rows[0].one))).toBe(1)
    } finally {
      await runSql({ payload, query: sql`drop trigger ${refuse} on payload_jobs` })
      await runSql({ payload, query: sql`drop function ${refuse}()` })
      await runSql({ payload, query: sql`delete from payload_jobs where queue = ${queue}` })
    }
  })
})

describe('passwords hashed outside transactions (patches/payload, hashOutsideTransaction)', () => {
  it('should hold no connection while a sign-up, a reset or a sign-in hashes a password', async () => {
    // pbkdf2 runs 600,000 rounds (160 ms and more): a connection held idle in a transaction
    // through it, once per sign-up, let a burst of sign-ups take the whole pool.
    const account = buildRegistration()
    const pbkdf2 = crypto.pbkdf2
    const connectionsHeld: number[] = []
    const watch = vi.spyOn(crypto, 'pbkdf2').mockImplementation((...args) => {
      connectionsHeld.push(checkedOut())
      return (pbkdf2 as (...a: typeof args) => void)(...args)
    })
    try {
      const signUp = await rest('POST', '/register-user', { body: account })
      const code = codeFrom((await waitForMail({ to: account.email })).text)
      await rest('POST', '/verify-otp', { body: { user_id: signUp.json.user_id, code } })
      await rest('POST', '/forget-password', { body: { email: account.email } })
      const mail = await waitForMail({ to: account.email })
      const token = mail.html.match(/password-reset\/([\w-]+)/)?.[1] ?? ''
      const password = 'hashed-outside'
      const reset = await rest('POST', '/reset-password', {
        body: { token, password, password_confirmation: password },
      })
      const signIn = await rest('POST', '/login', { body: { login: account.login, password } })
      expect([signUp.status, reset.status, signIn.status]).toEqual([200, 200, 200])
    } finally {
      watch.mockRestore()
    }
    expect(connectionsHeld.length).toBeGreaterThanOrEqual(3)
    expect(connectionsHeld).toEqual(connectionsHeld.map(() => 0))
  })
})

describe('more writers than connections', () => {
  it('should spend a rate limit inside a transaction while transactions hold every connection', async () => {
    // A sign-in's afterLogin, a comment's and a chat message's hooks spend a limit inside their
    // write's transaction: the limits must not wait for a connection of the pool those hold.
    const held = await Promise.all(
      Array.from({ length: pool.options.max ?? 10 }, () => payload.db.beginTransaction()),
    )
    try {
      const req = await createLocalReq({}, payload)
      req.transactionID = held[0]!
      const spent = consumeAttempt({ req, limit: 'commentPerUser', key: `held-${unique()}` })
      expect(await within(spent)).toBe(true)
    } finally {
      await Promise.all(held.map((id) => payload.db.rollbackTransaction(id!)))
    }
    expect(checkedOut()).toBe(0)
  })

  it('should complete every write, sign-ins included, when they outnumber the pool', async () => {
    const resource = await createResource({ payload })
    const writers = (pool.options.max ?? 10) + 2
    // Each sign-in and each write holds a transaction while its hooks run more queries.
    const members = await Promise.all(
      Array.from({ length: writers }, () => createMember({ payload })),
    )
    const answers = await within(
      Promise.all(
        members.map(({ token }) =>
          rest('POST', '/reviews', {
            token,
            body: { resource: resource.id, grade: 4, comment: 'Written alongside many others.' },
          }),
        ),
      ),
      20_000,
    )
    expect(answers === 'timed out' ? answers : answers.map((a) => a.status)).toEqual(
      members.map(() => 201),
    )
    // What the writes' hooks do after they answer (expiring pages again) may still hold one a
    // moment; a lost connection never comes back.
    expect(await until(() => checkedOut() === 0)).toBe(true)
  })
})

describe('commit means committed (patches/@payloadcms+drizzle)', () => {
  it('should fail a transaction whose COMMIT fails, and store nothing of it', async () => {
    const resource = await createResource({ payload })
    const { user } = await createMember({ payload })
    const req = await createLocalReq({}, payload)
    const attempt = inTransaction(req, async () => {
      // A deferred unique constraint is checked at COMMIT: two equal rows make COMMIT fail.
      await runSql({
        payload,
        req,
        query: sql`create temporary table commit_check (id int unique deferrable initially deferred) on commit drop`,
      })
      await runSql({ payload, req, query: sql`insert into commit_check values (1), (1)` })
      return payload.create({
        collection: 'reviews',
        data: {
          resource: resource.id,
          author: user.id,
          grade: 5,
          comment: 'Never stored, never told.',
          status: 'published',
        },
        req,
      })
    })
    await expect(attempt).rejects.toMatchObject({ cause: { code: '23505' } })
    const { totalDocs } = await payload.count({
      collection: 'reviews',
      where: { resource: { equals: resource.id } },
    })
    expect(totalDocs).toBe(0)
    expect(checkedOut()).toBe(0)
  })

  it('should fail a commit whose connection was cut, and tell the outage once it is back', async () => {
    const id = await payload.db.beginTransaction()
    const session = postgresOf(payload).sessions[String(id)]
    const { rows } = (await session.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
      rows: { pid: number }[]
    }
    await pool.query('select pg_terminate_backend($1)', [rows[0].pid])
    await expect(payload.db.commitTransaction(id!)).rejects.toThrow()
    expect(isDatabaseDown()).toBe(true)
    // The database itself answers: the watch's probe ends the "outage" within a second or two.
    expect(await until(() => !isDatabaseDown())).toBe(true)
    expect(checkedOut()).toBe(0)
  })
})
