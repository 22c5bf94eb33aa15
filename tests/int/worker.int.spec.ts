import { type ChildProcess, spawn } from 'node:child_process'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { EMAIL_TASK } from '@/server/jobQueues'

import { SERVER_SCRIPT } from '../../scripts/lib/run'
import { buildRegistration } from '../helpers/accounts'
import { receivedTo, slowMail } from '../helpers/mailbox'
import { releasePayload, runEmailQueue, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload
let worker: ChildProcess
let output = ''

/** Resolves once the worker's output says `text` (its log lines). */
const said = (text: string, timeoutMs = 90_000) =>
  new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + timeoutMs
    const check = () => {
      if (output.includes(text)) resolve()
      else if (Date.now() > deadline)
        reject(new Error(`The worker never said "${text}":\n${output}`))
      else setTimeout(check, 50)
    }
    check()
  })

/** Milliseconds until the mailbox has a message to `to` (read directly: this process runs no jobs). */
const arrival = async (to: string, since: number) => {
  while (Date.now() - since < 15_000) {
    if (receivedTo(to).length) return Date.now() - since
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`No mail to ${to}`)
}

beforeAll(async () => {
  payload = await startPayload()
  // The mails other files of this worker queued and never sent go now, so that the worker's
  // queue holds only this file's mails and their times are theirs alone.
  await runEmailQueue(payload)
  // `npm run worker`, on this file's database and mailbox; this process only queues
  // (JOBS_AUTORUN=false, tests/helpers/setupEnv.ts).
  worker = spawn('node', [...SERVER_SCRIPT, 'scripts/worker.ts'], {
    // Its info lines are what this file reads.
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  worker.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  worker.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await said('Worker: running the job queues')
}, 120_000)

afterAll(async () => {
  slowMail({ ms: 0 })
  if (worker.exitCode === null) worker.kill('SIGKILL')
  await releasePayload()
})

describe('npm run worker', () => {
  it('should mail a registration code within seconds (the email queue is looked at every second)', async () => {
    // A first mail, not timed: the worker's first job loads the mail task and opens the SMTP
    // connection, which on a machine busy with the rest of the suite took up to 3 s.
    const warmUp = buildRegistration()
    expect((await rest('POST', '/register-user', { body: warmUp })).status).toBe(200)
    await arrival(warmUp.email, Date.now())
    const latencies: number[] = []
    for (let round = 0; round < 5; round += 1) {
      const body = buildRegistration()
      const since = Date.now()
      expect((await rest('POST', '/register-user', { body })).status).toBe(200)
      latencies.push(await arrival(body.email, since))
    }
    console.info(`Registration code latencies through the worker (ms): ${latencies.join(', ')}`)
    expect(Math.max(...latencies)).toBeLessThan(3_000)
  })

  it('should finish the mail it is sending when told to stop, then exit', async () => {
    slowMail({ ms: 3_000 })
    const to = `stopping${Date.now()}@example.com`
    await payload.sendEmail({ to, subject: 'Finished before stopping', text: 'Sent.' })
    const held = async () => {
      const { docs } = await payload.find({
        collection: 'payload-jobs',
        where: { and: [{ taskSlug: { equals: EMAIL_TASK } }, { processing: { equals: true } }] },
        pagination: false,
        overrideAccess: true,
      })
      return docs.some((job) => (job.input as { message?: { to?: string } }).message?.to === to)
    }
    while (!(await held())) await new Promise((resolve) => setTimeout(resolve, 20))
    const exited = new Promise<number | null>((resolve) => worker.on('exit', resolve))
    worker.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(receivedTo(to)).toHaveLength(1)
    expect(await held()).toBe(false)
    expect(output).toContain('Worker: stopped')
  })
})
