import 'server-only'

import type { TaskConfig } from 'payload'

import { env } from '@/server/env'

import { runLinkChecks } from './run'

export const LINK_CHECK_TASK = 'checkLinks'

/**
 * The availability monitor on Payload's jobs queue: scheduled by LINK_CHECK_CRON (every ten
 * minutes; `off` schedules nothing, as the end-to-end tests' seeded history needs). Payload's
 * scheduler queues one job at a time and a run never overlaps another (src/server/linkChecks/run.ts),
 * however many instances run the queue.
 */
export const checkLinksTask = {
  slug: LINK_CHECK_TASK,
  label: 'Link checks: availability of the resources’ addresses',
  retries: 0,
  schedule:
    env().LINK_CHECK_CRON === 'off' ? [] : [{ cron: env().LINK_CHECK_CRON, queue: 'default' }],
  // Scheduled runs check every published resource; a queued job may name some.
  inputSchema: [{ name: 'resourceIds', type: 'number', hasMany: true }],
  handler: async ({ req, input }) => {
    const { checked, flipped, skipped } = await runLinkChecks({
      payload: req.payload,
      resourceIds: input.resourceIds?.length ? input.resourceIds : undefined,
    })
    return { output: { checked, flipped: flipped.length, skipped } }
  },
} as const satisfies TaskConfig<{
  input: { resourceIds?: number[] | null }
  output: { checked: number; flipped: number; skipped: boolean }
}>
