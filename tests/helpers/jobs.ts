import type { Payload } from 'payload'

/**
 * Runs the job `id`, and only it, if it is due, as the queue's runner would. A run of a whole queue
 * would run every due job of the worker's database, other files' among them.
 */
export const runJob = ({ payload, id }: { payload: Payload; id: number | string }) =>
  payload.jobs.run({ allQueues: true, where: { id: { equals: id } }, silent: true })

/**
 * The job's time comes now: it becomes due a second ago, as once its wait is over. The runner
 * checks the due time against the database's clock (the claim, patches/@payloadcms+drizzle*), so
 * the job's time moves rather than this process's clock, and nobody waits for it.
 */
export const makeDue = ({ payload, id }: { payload: Payload; id: number | string }) =>
  payload.update({
    collection: 'payload-jobs',
    id,
    data: { waitUntil: new Date(Date.now() - 1000).toISOString() },
    overrideAccess: true,
  })
