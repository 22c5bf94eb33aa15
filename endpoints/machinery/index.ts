import type { TypedJobs } from 'payload'

import * as calls from '@/api/machinery'
import { inTransaction } from '@/server/db'
import { takeFailedJob } from '@/server/sql/jobs'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'

/**
 * POST /retry-job {job_id} → {job_id} (admins): the failed job is removed and a new one of its
 * task, input and queue queued in its place, in one transaction; of two admins retrying at once,
 * one queues it and the other finds nothing failed (404). No other door changes a job: the jobs
 * collection refuses updates and deletions to everyone (collections/PayloadJobs.ts). A scheduled
 * publication passes its checks again as it is queued (hooks/content/scheduledPublishing/checkSchedule.ts).
 */
export const retryJob = defineEndpoint(calls.retryJob, {
  handler: async ({ req, user, body, reply }) => {
    const queued = await inTransaction(req, async () => {
      const job = await takeFailedJob({ payload: req.payload, req, id: body.job_id })
      if (!job) return null
      return req.payload.jobs.queue({
        task: job.taskSlug as keyof TypedJobs['tasks'],
        input: job.input as never,
        queue: job.queue ?? undefined,
        req,
      })
    })
    if (!queued) return fail({ req, status: 404, code: 'job-not-found' })
    req.payload.logger.info({
      msg: `job ${body.job_id} retried as ${queued.id}`,
      userId: user.id,
    })
    return reply({ job_id: Number(queued.id) })
  },
})

export const machineryEndpoints = [retryJob]
