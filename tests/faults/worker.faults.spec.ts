import { type ChildProcess, spawn } from 'node:child_process'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { SERVER_SCRIPT } from '../../scripts/lib/run'
import { freePort } from '../helpers/testDatabase'

import { fillDatabase, ownDatabase, until } from './appUnderFault'

/**
 * `npm run worker`'s health for its supervisor (WORKER_HEALTH_PORT): 503 while its email queue's
 * runner is stuck or its database is away, 200 again once they are back.
 */
const database = await ownDatabase()
const secret = 'faults-worker-secret'
Object.assign(process.env, { DATABASE_URL: database.url, PAYLOAD_SECRET: secret })

let worker: ChildProcess
let output = ''
let healthUrl = ''

beforeAll(async () => {
  // Migrated, with nothing in it: the worker only looks for jobs.
  await fillDatabase(async () => undefined)
  const port = await freePort()
  healthUrl = `http://127.0.0.1:${port}/health`
  worker = spawn('node', [...SERVER_SCRIPT, 'scripts/worker.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      PAYLOAD_SECRET: secret,
      WORKER_HEALTH_PORT: String(port),
      WORKER_QUEUE_STALE_SECONDS: '3',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  worker.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  worker.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  if (!(await until(async () => (await health()).status === 200, 90_000))) {
    throw new Error(`The worker never said it was healthy:\n${output}`)
  }
})

afterAll(async () => {
  if (worker?.exitCode === null) process.kill(-worker.pid!, 'SIGKILL')
  await database.remove()
})

type Health = {
  status: string
  database: boolean
  queues: Array<{ queue: string; stuck: boolean }>
}

const health = async () => {
  const response = await fetch(healthUrl, { signal: AbortSignal.timeout(10_000) })
  return { status: response.status, body: (await response.json()) as Health }
}

const stuckQueues = (body: Health) =>
  body.queues.filter((queue) => queue.stuck).map((queue) => queue.queue)

describe("the worker's health", () => {
  it('should say 503 while its email queue is stuck, and 200 once it runs again', async () => {
    const healthy = await health()
    expect(healthy.body).toMatchObject({ status: 'ok', database: true })
    expect(healthy.body.queues.map((queue) => queue.queue).sort()).toEqual(['default', 'email'])
    // A session of the test's own takes the jobs' table: the runner's next look waits on it.
    const locker = new pg.Client({ connectionString: database.url })
    await locker.connect()
    try {
      await locker.query('begin')
      await locker.query('lock table payload_jobs in access exclusive mode')
      expect(await until(async () => (await health()).status === 503)).toBe(true)
      const stuck = await health()
      expect(stuck.body).toMatchObject({ status: 'unhealthy', database: true })
      expect(stuckQueues(stuck.body)).toEqual(['email'])
    } finally {
      await locker.query('rollback').catch(() => undefined)
      await locker.end()
    }
    expect(await until(async () => (await health()).status === 200)).toBe(true)
  })

  it('should say 503 while its database is away, and 200 once it is back', async () => {
    await database.crash()
    try {
      expect(await until(async () => (await health()).status === 503)).toBe(true)
      expect((await health()).body.database).toBe(false)
    } finally {
      await database.start()
    }
    expect(await until(async () => (await health()).status === 200, 30_000)).toBe(true)
    expect(worker.exitCode).toBeNull()
  })
})
