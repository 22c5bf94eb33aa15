import 'server-only'

import type { TaskConfig } from 'payload'

import { env } from '@/server/env'
import { RATES_QUEUE, RATES_TASK, cronEvery } from '@/server/jobQueues'

import { runRatesCycle } from './run'

/**
 * The rates fetcher on Payload's jobs queue: its own queue (`rates`), which the process that runs
 * jobs looks at every RATES_FETCH_SECONDS (config/jobs.ts), so a slow cycle never delays the
 * default queue's jobs nor theirs it. Payload's scheduler queues one job at a time and a cycle
 * never overlaps another (src/server/rates/run.ts), however many processes run the queue.
 */
export const fetchRatesTask = {
  slug: RATES_TASK,
  label: 'Exchangers’ rates: fetch every feed',
  retries: 0,
  schedule: [{ cron: cronEvery(env().RATES_FETCH_SECONDS), queue: RATES_QUEUE }],
  // Scheduled cycles fetch every feed; a queued job may name some exchangers (the tests' own).
  inputSchema: [{ name: 'resourceIds', type: 'number', hasMany: true }],
  handler: async ({ req, input }) => {
    const { feeds, outcomes, changed, skipped, ms } = await runRatesCycle({
      payload: req.payload,
      resourceIds: input.resourceIds?.length ? input.resourceIds : undefined,
    })
    return { output: { feeds, outcomes, changed: changed.length, skipped, ms } }
  },
} as const satisfies TaskConfig<{
  input: { resourceIds?: number[] | null }
  output: {
    feeds: number
    outcomes: Record<string, number>
    changed: number
    skipped: boolean
    ms: number
  }
}>
