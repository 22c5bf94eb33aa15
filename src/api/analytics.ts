import { z } from 'zod'

import type { ResourceAnalytics, SiteAnalytics } from '@/data/views/analyticsTypes'
import { LOCALES } from '@/i18n/routing'
import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_RANGES,
  ANALYTICS_TABLE_MAX,
  ANALYTICS_TOP,
  DEFAULT_RANGE,
  TRACK_EVENTS,
  TRACK_LINKS,
  daysBetween,
  isDay,
} from '@/lib/analytics'
import { REPORT_BYTES_MAX } from '@/lib/limits'
import { canSeeAnalytics, canSeeSiteAnalytics } from '@/lib/roles'

import { answer, declareCall } from './call'
import { recordId } from './fields'

export const track = declareCall({
  path: '/track',
  method: 'post',
  auth: 'anyone',
  summary:
    "Count a resource page's view or a click on its website or a mirror (the browser's `navigator.sendBeacon` once the page has loaded). Answers 204 at once; bots, prefetches, `DNT: 1`, `Sec-GPC: 1` and the resource's own staff are not counted; no cookie is set and no address is kept",
  answer: answer('(204, no body)'),
  bodyBytesMax: REPORT_BYTES_MAX,
  body: z.object({
    resource_id: recordId,
    event: z.enum(TRACK_EVENTS, { message: 'value-invalid' }),
    link: z.enum(TRACK_LINKS, { message: 'value-invalid' }).optional(),
  }),
})

const day = z
  .string({ message: 'value-invalid' })
  .refine(isDay, 'value-invalid')
  .describe('YYYY-MM-DD (UTC), with range=custom')

/** A period: a named range ending today, or `custom` from `from` to `to`. */
const periodQuery = z
  .object({
    range: z
      .enum(ANALYTICS_RANGES, { message: 'value-invalid' })
      .default(DEFAULT_RANGE)
      .describe('7d, 30d, 90d, 12m (365 days) or custom'),
    from: day.optional(),
    to: day.optional(),
  })
  .superRefine((query, context) => {
    if (query.range !== 'custom') return
    if (!query.from) context.addIssue({ code: 'custom', path: ['from'], message: 'required' })
    if (!query.to) context.addIssue({ code: 'custom', path: ['to'], message: 'required' })
    if (!query.from || !query.to) return
    if (query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'range-invalid' })
    } else if (daysBetween(query.from, query.to) > ANALYTICS_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'range-too-long' })
    }
  })

const resourceQuery = periodQuery.and(
  z.object({
    resource: recordId.optional().describe('One resource alone'),
    locale: z.enum(LOCALES, { message: 'value-invalid' }).optional(),
  }),
)

export const getAnalytics = declareCall({
  path: '/analytics',
  method: 'get',
  auth: canSeeAnalytics,
  summary: `How resources do over a period against the one before: owners their own, operators their employer's of their type, admins every resource (the table: the ${ANALYTICS_TABLE_MAX} most viewed). A resource the caller does not manage answers as a missing one (404)`,
  answer: answer<ResourceAnalytics>(
    '{from, to, previous_from, previous_to, resource, totals, previous, days, resources, resource_count}',
  ),
  query: resourceQuery,
})

export const getSiteAnalytics = declareCall({
  path: '/site-analytics',
  method: 'get',
  auth: canSeeSiteAnalytics,
  summary: `The whole site per day over a period (admins): registrations, active users, reviews, new resources, comments, chat, tickets and verification with their median times, the top ${ANALYTICS_TOP} resources by views and by reviews`,
  answer: answer<SiteAnalytics>(
    '{from, to, previous_from, previous_to, totals, previous, days, top_by_views, top_by_reviews, built_at}',
  ),
  query: periodQuery.and(z.object({ locale: z.enum(LOCALES).optional() })),
})

export const ANALYTICS_EXPORTS = ['resources', 'days', 'site'] as const

export const exportAnalytics = declareCall({
  path: '/analytics-export',
  method: 'get',
  auth: canSeeAnalytics,
  summary:
    'The resources table (`table=resources`), the daily series (`days`) or the site-wide days (`site`, admins) as a CSV download (text/csv, UTF-8; cells a spreadsheet would run as formulas are made safe)',
  answer: answer('(text/csv)'),
  query: resourceQuery.and(
    z.object({ table: z.enum(ANALYTICS_EXPORTS, { message: 'value-invalid' }) }),
  ),
})
