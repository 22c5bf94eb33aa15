import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { EMAIL_QUEUE, EMAIL_TASK } from '@/server/jobQueues'

import { mailsTo } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

/**
 * A runner: `queue` a few jobs at a time until it finds nothing left. Each run claims its jobs in
 * a transaction of its own, on a connection of its own, as a runner in another process would: the
 * race is the database's.
 */
const runUntilEmpty = async (runner: Payload, queue: string) => {
  for (let round = 0; round < 200; round += 1) {
    const { noJobsRemaining } = await runner.jobs.run({ queue, limit: 3, silent: true })
    if (noJobsRemaining) return
  }
}

describe('two runners racing over one queue', () => {
  it('should run each job once', async () => {
    const tag = `race${Date.now()}`
    // Mail jobs in a queue of the test's own, claimed as the email queue's are: the email queue
    // holds whatever the worker's other files left waiting there.
    const queue = `${EMAIL_QUEUE}-${tag}`
    const addresses = Array.from({ length: 60 }, (_, index) => `${tag}-${index}@example.com`)
    for (const to of addresses) {
      await payload.jobs.queue({
        task: EMAIL_TASK,
        queue,
        input: { message: { to, subject: tag, text: 'once' } },
      })
    }
    await Promise.all([1, 2, 3].map(() => runUntilEmpty(payload, queue)))

    // A job run twice would have mailed its address twice.
    const received = (await mailsTo(tag)).map((mail) => mail.to).sort()
    expect(received).toEqual([...addresses].sort())
    // Each completed job is deleted (Payload's deleteJobOnComplete): none is left claimed.
    const { docs } = await payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: EMAIL_TASK } },
      pagination: false,
      overrideAccess: true,
    })
    const left = docs.filter(
      (job) => (job.input as { message?: { subject?: string } })?.message?.subject === tag,
    )
    expect(left).toEqual([])
  })
})
