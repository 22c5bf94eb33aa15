import 'server-only'

import type { SanitizedConfig, TaskConfig } from 'payload'

import { addDays, dayOf, isDay } from '@/lib/analytics'
import { isAdmin } from '@/lib/roles'
import { env } from '@/server/env'
import {
  forgetOldBatches,
  rollUpResourceMonths,
  rollUpSiteDays,
} from '@/server/sql/analyticsRollUp'

export const ROLL_UP_TASK = 'rollUpAnalytics'

/**
 * The site's daily figures (`analytics_site_days`), built by Payload's jobs queue from what the site
 * stores: on ANALYTICS_ROLLUP_CRON (every five minutes) it rebuilds yesterday and today; queued
 * with `{from, to}` it rebuilds those days (the seed does). It also builds the finished months'
 * views and reviews per resource that the site's top lists read. Payload schedules one job at a time,
 * and the roll-up itself is idempotent under an advisory lock, so however many instances run the
 * queue, a day is built once per run and alike. It also forgets the flushes' old batch ids.
 */
export const rollUpAnalyticsTask = {
  slug: ROLL_UP_TASK,
  label: 'Analytics: daily roll-up',
  inputSchema: [
    { name: 'from', type: 'text' },
    { name: 'to', type: 'text' },
  ],
  retries: 2,
  schedule: [{ cron: env().ANALYTICS_ROLLUP_CRON, queue: 'default' }],
  handler: async ({ input, req }) => {
    const today = dayOf(new Date())
    const { from, to } = (input ?? {}) as { from?: string; to?: string }
    const last = to && isDay(to) && to <= today ? to : today
    const first = from && isDay(from) && from <= last ? from : addDays(last, -1)
    const days = await rollUpSiteDays({ payload: req.payload, from: first, to: last })
    const months = await rollUpResourceMonths({ payload: req.payload, today })
    await forgetOldBatches(req.payload)
    return { output: { days, months } }
  },
} as const satisfies TaskConfig<{
  input: { from?: string; to?: string }
  output: { days: number; months: number }
}>

/**
 * Payload's scheduler keeps when it last queued each schedule in the `payload-jobs-stats` global,
 * which by default any signed-in account may read and overwrite (and so stop the roll-up): only
 * admins read it, and nobody writes it through a door (the scheduler writes the database itself).
 */
export const withJobStatsClosed = <Config extends SanitizedConfig>(config: Config): Config => {
  const stats = config.globals.find((global) => global.slug === 'payload-jobs-stats')
  if (stats) {
    stats.access = {
      ...stats.access,
      read: ({ req }) => isAdmin(req.user),
      readVersions: () => false,
      update: () => false,
    }
  }
  return config
}
