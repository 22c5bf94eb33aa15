import 'server-only'

import type { Payload } from 'payload'

/** The email task's slug (src/server/mailQueue.ts). */
export const EMAIL_TASK = 'sendEmail'

/** The email task's own queue, which the runners look at every second (payload.config.ts). */
export const EMAIL_QUEUE = 'email'

/** The queues the config's runners look at (`jobs.autoRun`), in its order: `email`, `default`… */
export const runnerQueues = (payload: Payload): string[] => {
  const autoRun = payload.config.jobs.autoRun
  return (Array.isArray(autoRun) ? autoRun : []).map((run) => run.queue ?? 'default')
}

/** The rates fetcher's task and its own queue, looked at every RATES_FETCH_SECONDS (src/server/rates). */
export const RATES_TASK = 'fetchRates'
export const RATES_QUEUE = 'rates'

/**
 * A cron (with seconds) that fires every `seconds`: a divisor of 60, or whole minutes that divide
 * an hour (what RATES_FETCH_SECONDS accepts).
 */
export const cronEvery = (seconds: number) =>
  seconds < 60 ? `*/${seconds} * * * * *` : `0 */${seconds / 60} * * * *`
