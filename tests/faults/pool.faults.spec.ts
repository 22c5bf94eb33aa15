import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { PEER_ADDRESS_FLAG } from '@/lib/peerAddress'

import { fillDatabase, ownDatabase, startApp, until } from './appUnderFault'

/**
 * The production server with a pool of two connections, both held by requests that wait on a
 * lock: a third request gets 503 after the pool's wait instead of hanging, readiness fails, no
 * outage is reported for a database that is fine, and every connection comes back.
 */
const database = await ownDatabase()
const secret = 'faults-pool-secret'
const POOL_WAIT_MS = 1_000
Object.assign(process.env, {
  DATABASE_URL: database.url,
  PAYLOAD_SECRET: secret,
  NEXT_PUBLIC_SERVER_URL: 'http://localhost:3000',
  [PEER_ADDRESS_FLAG]: '1',
})
const { createResource } = await import('../helpers/directory')

let app: Awaited<ReturnType<typeof startApp>>

beforeAll(async () => {
  await fillDatabase(async (payload) => {
    await createResource({ payload })
  })
  app = await startApp({
    databaseUrl: database.url,
    env: {
      PAYLOAD_SECRET: secret,
      DATABASE_POOL_SIZE: '2',
      DATABASE_POOL_WAIT_MS: String(POOL_WAIT_MS),
      // The queues would take the connections at their own times: the two reads hold them.
      JOBS_AUTORUN: 'false',
    },
  })
})

afterAll(async () => {
  await app?.stop()
  await database.remove()
})

const get = async (path: string) => {
  const response = await fetch(`${app.baseUrl}${path}`, {
    headers: { 'Accept-Language': 'en' },
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text }
}

/** The app's sessions: how many, and how many of them inside a transaction. */
const appSessions = () =>
  database.query<{ state: string | null }>(
    `select state from pg_stat_activity
      where datname = 'faults' and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  )

describe('a pool that cannot give a connection', () => {
  it('should answer 503 after its wait, then serve again with every connection back', async () => {
    app.clearLog()
    // A session of the test's own takes the resources table: the app's reads of it wait.
    const locker = new pg.Client({ connectionString: database.url })
    await locker.connect()
    let blocked: Promise<Awaited<ReturnType<typeof get>>[]> | undefined
    try {
      await locker.query('begin')
      await locker.query('lock table resources in access exclusive mode')
      // Two reads take the pool's two connections and wait on the lock.
      blocked = Promise.all([get('/api/resources?limit=1'), get('/api/resources?limit=2')])
      expect(
        await until(async () => {
          const sessions = await database.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = 'faults' and wait_event_type = 'Lock'`,
          )
          return sessions[0].n === 2
        }),
      ).toBe(true)
      // A third request, of a table nobody locked, has no connection to run on.
      const third = await get('/api/news?limit=1')
      expect(third.status).toBe(503)
      expect(third.headers.get('retry-after')).toBeTruthy()
      expect(third.text).toContain('Service temporarily unavailable')
      expect((await get('/api/ready')).status).toBe(503)
    } finally {
      await locker.query('rollback').catch(() => undefined)
      await locker.end()
    }
    // The lock gone, the two waiting reads are answered, and so is everything after.
    expect((await blocked)?.map((answer) => answer.status)).toEqual([200, 200])
    expect(await until(async () => (await get('/api/ready')).status === 200)).toBe(true)
    const after = await Promise.all(Array.from({ length: 6 }, () => get('/api/news?limit=1')))
    expect(after.map((answer) => answer.status)).toEqual(after.map(() => 200))
    const sessions = await appSessions()
    expect(sessions.filter(({ state }) => state?.startsWith('idle in transaction'))).toEqual([])
    // A busy pool is not a database away: no outage was reported.
    expect(app.log()).not.toMatch(/The database is unavailable/)
  })
})
