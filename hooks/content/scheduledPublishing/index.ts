import { type Payload, type SanitizedConfig, createLocalReq } from 'payload'

import { checkSchedule, hideJobStacks, refuseUnpublishableSchedule } from './checkSchedule'
import { type TaskHandler, reportingFailure } from './failureReport'
import { type JobData, type JobInput, SCHEDULE_PUBLISH_TASK } from './jobs'

/**
 * Scheduled publishing (news, posts, pages, FAQs) as a feature: a schedule is checked on every
 * door before it is queued (checkSchedule.ts), by a trial publication that is rolled back
 * (trial.ts); a publication that fails at its time is reported to its scheduler
 * (failureReport.ts). This module installs them on Payload's own jobs collection and task.
 */

export { DRY_RUN_CONTEXT, SCHEDULE_PUBLISH_TASK } from './jobs'

/**
 * Installs the scheduling rules on Payload's own parts, once the config is built (Payload adds
 * the jobs collection and the publish task itself, and warns of hooks given through
 * `jobsCollectionOverrides` when `jobs.runHooks` is off — which stays off: with it, Payload's
 * runner fails to log a job's result): the jobs collection's hooks, for REST, GraphQL and the
 * Local API's create; and the task's failure report.
 */
export const withSchedulingRules = <Config extends SanitizedConfig>(config: Config): Config => {
  const jobs = config.collections.find((collection) => collection.slug === 'payload-jobs')
  if (jobs) {
    const before = jobs.hooks.beforeChange ?? []
    if (!before.includes(refuseUnpublishableSchedule)) {
      jobs.hooks.beforeChange = [...before, refuseUnpublishableSchedule]
      jobs.hooks.afterRead = [...(jobs.hooks.afterRead ?? []), hideJobStacks]
    }
  }
  const task = config.jobs.tasks?.find((candidate) => candidate.slug === SCHEDULE_PUBLISH_TASK)
  if (task && typeof task.handler === 'function' && !REPORTING.has(task)) {
    task.handler = reportingFailure(task.handler as unknown as TaskHandler) as never
    REPORTING.add(task)
  }
  return config
}

const REPORTING = new WeakSet<object>()

/**
 * Payload's `jobs.queue` (the admin's schedule drawer calls it, as may server code) writes the row
 * straight to the database, past the collection's hooks: it passes the same check first. Called
 * once, from the config's `onInit`.
 */
export const guardQueuedSchedules = (payload: Payload) => {
  const queue = payload.jobs.queue.bind(payload.jobs)
  payload.jobs.queue = (async (args: Parameters<typeof queue>[0]) => {
    if ('task' in args && args.task === SCHEDULE_PUBLISH_TASK) {
      const req = args.req ?? (await createLocalReq({}, payload))
      const job: JobData = {
        taskSlug: args.task,
        input: args.input as JobInput,
        waitUntil: args.waitUntil?.toISOString(),
        queue: args.queue ?? 'default',
      }
      await checkSchedule({ job, req })
      return queue({ ...args, input: job.input as never })
    }
    return queue(args)
  }) as typeof payload.jobs.queue
}
