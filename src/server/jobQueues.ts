import 'server-only'

import type { Payload } from 'payload'

/** The queues the config's runners look at (`jobs.autoRun`), in its order: `email`, `default`… */
export const runnerQueues = (payload: Payload): string[] => {
  const autoRun = payload.config.jobs.autoRun
  return (Array.isArray(autoRun) ? autoRun : []).map((run) => run.queue ?? 'default')
}
