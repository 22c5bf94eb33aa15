import type { Config } from 'payload'

import { isAdmin } from '@/lib/roles'
import { rollUpAnalyticsTask } from '@/server/analytics/rollUp'
import { cleanUpTasks } from '@/server/cleanUp'
import { buildDataExportTask } from '@/server/dataExport/task'
import { env, runsJobs } from '@/server/env'
import { EMAIL_QUEUE, RATES_QUEUE, cronEvery } from '@/server/jobQueues'
import { checkLinksTask } from '@/server/linkChecks/task'
import { releaseLapsedMailClaims, sendEmailTask } from '@/server/mailQueue'
import { notificationDigestTask } from '@/server/notificationDigest'
import { warmPagesTask } from '@/server/pageWarming'
import { fetchRatesTask } from '@/server/rates/task'
import { withScheduleAccess } from '@collections/PayloadJobs'

// Scheduled publishing (news, posts, pages, FAQs): each instance's server looks for due jobs
// every minute (JOBS_AUTORUN_CRON, with seconds in the tests), from its first request on
// (src/data/payload.ts starts the runner with the site's first page); a job publishes through the
// collection, whose hooks expire the pages at once. A schedule that could not be published is
// refused on every door, and a failure at its time is shown and told (withSchedulingRules,
// guardQueuedSchedules: hooks/content/scheduledPublishing/).
//
// Every email is a job of the `email` queue (src/server/mailQueue.ts), looked for every second
// (JOBS_EMAIL_CRON), so a code arrives within seconds; the runner's error lines, which print a
// job's input (a mail's code), are off for it. JOBS_AUTORUN=false leaves the running and
// the scheduling to `npm run worker` (the instance only queues what its requests ask for).
export const jobs: Config['jobs'] = {
  autoRun: [
    {
      cron: env().JOBS_AUTORUN_CRON,
      queue: 'default',
      limit: 20,
      // Only a process that runs the jobs queues the scheduled ones: an instance that only serves
      // writes nothing on its own (its reads stay on the read replicas).
      disableScheduling: !runsJobs(),
    },
    {
      cron: env().JOBS_EMAIL_CRON,
      queue: EMAIL_QUEUE,
      limit: 10,
      disableScheduling: true,
      silent: { error: true },
    },
    // The exchangers' rates (src/server/rates): a cycle every RATES_FETCH_SECONDS, on a queue of
    // its own, scheduled only by a process that runs jobs.
    {
      cron: cronEvery(env().RATES_FETCH_SECONDS),
      queue: RATES_QUEUE,
      limit: 1,
      disableScheduling: !runsJobs(),
    },
  ],
  // Before each look for jobs, mails claimed by a runner that was killed are freed once their
  // lease is over (MAIL_CLAIM_LEASE_SECONDS; src/server/mailQueue.ts).
  shouldAutoRun: async (payload) => {
    if (!runsJobs()) return false
    await releaseLapsedMailClaims(payload)
    return true
  },
  // Only admins run the queue by hand (GET /api/payload-jobs/run); the schedule runs itself.
  access: { run: ({ req }) => isAdmin(req.user) },
  jobsCollectionOverrides: withScheduleAccess,
  // The site's daily analytics, on a schedule of their own (src/server/analytics/rollUp.ts); every
  // mail (src/server/mailQueue.ts); the hourly clean-ups (src/server/cleanUp.ts); the resources'
  // link checks (src/server/linkChecks, LINK_CHECK_CRON); the daily digest of notification mails
  // (src/server/notificationDigest.ts, NOTIFICATION_DIGEST_CRON); the pages warmed after a deploy
  // (src/server/pageWarming.ts, PAGE_WARMING_URL); the exchangers' rates (src/server/rates,
  // RATES_FETCH_SECONDS).
  tasks: [
    rollUpAnalyticsTask,
    sendEmailTask,
    ...cleanUpTasks,
    checkLinksTask,
    notificationDigestTask,
    buildDataExportTask,
    warmPagesTask,
    fetchRatesTask,
  ],
}
