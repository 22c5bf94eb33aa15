import { LRUCache } from 'lru-cache'
import type { PayloadRequest } from 'payload'

import * as calls from '@/api/analytics'
import {
  NoSuchResource,
  type ResourceAnalytics,
  type SiteAnalytics,
  resourceAnalytics,
  siteAnalytics,
} from '@/data/views/analytics'
import { type Period, dayOf, periodOf, toCsv } from '@/lib/analytics'
import { RESOURCE_TYPE_VALUES } from '@/lib/resourceTypes'
import { isAdmin } from '@/lib/roles'
import { VERIFICATION_STATUSES } from '@/lib/support'
import { record, withinAddressCap } from '@/server/analytics/recorder'
import { notCounted } from '@/server/analytics/visits'
import { clientAddress } from '@/server/clientAddress'
import { requestLocale } from '@/server/serverMessages'
import { managesResource } from '@access/resources'
import type { User } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'

const staff = new LRUCache<string, boolean>({ max: 20_000, ttl: 60_000 })

/**
 * True when `user` is the resource's own staff (its owner, or an operator of its employer for its
 * type): their views and clicks are not the public's. Remembered for a minute per person and
 * resource, so staff browsing their pages ask the database once. Admins count as visitors.
 */
const isStaffOf = async (req: PayloadRequest, user: User | null, resourceId: number) => {
  if (!user || isAdmin(user)) return false
  const key = `${user.id}:${resourceId}`
  const known = staff.get(key)
  if (known !== undefined) return known
  const manages = await managesResource({ payload: req.payload, req, user, resourceId })
  staff.set(key, manages)
  return manages
}

/**
 * POST /track {resource_id, event, link?} → 204: a resource page's view, or a click on its website
 * or a mirror, reported by the browser once the page has loaded (the pages are cached and the
 * same for all, so the render counts nothing). Counted in memory or Redis, never waiting on the
 * database (src/server/analytics/recorder.ts); bots, prefetches, DNT/GPC and the resource's own
 * staff are answered alike and not counted. An address past its cap is refused (429).
 */
export const track = defineEndpoint(calls.track, {
  handler: async ({ req, user, body }) => {
    const address = clientAddress(req)
    if (!withinAddressCap(address)) {
      return fail({ req, status: 429, code: 'too-many-attempts' })
    }
    const skipped = notCounted(req.headers) || (await isStaffOf(req, user, body.resource_id))
    if (!skipped) {
      await record(req.payload, {
        resourceId: body.resource_id,
        counter:
          body.event === 'view'
            ? 'views'
            : body.link === 'mirror'
              ? 'mirror_clicks'
              : 'site_clicks',
        visitor:
          body.event === 'view'
            ? { address, userAgent: req.headers.get('user-agent') ?? '' }
            : undefined,
      })
    }
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
  },
})

type PeriodQuery = { range: Parameters<typeof periodOf>[0]; from?: string; to?: string }

const periodFrom = (query: PeriodQuery): Period =>
  periodOf(query.range, dayOf(new Date()), { from: query.from, to: query.to })

const readResources = (
  req: PayloadRequest,
  user: User,
  query: PeriodQuery & { resource?: number; locale?: 'ru' | 'en' },
) =>
  resourceAnalytics(
    { payload: req.payload, req, locale: query.locale ?? requestLocale(req.headers) },
    { user, period: periodFrom(query), resourceId: query.resource },
  )

const notFound = (req: PayloadRequest) => fail({ req, status: 404, code: 'resource-not-found' })

/** GET /analytics → the caller's resources over a period; another's resource answers 404. */
export const getAnalytics = defineEndpoint(calls.getAnalytics, {
  handler: async ({ req, user, query, reply }) => {
    try {
      return reply(await readResources(req, user, query))
    } catch (error) {
      if (error instanceof NoSuchResource) return notFound(req)
      throw error
    }
  },
})

/** GET /site-analytics → the whole site over a period (admins). */
export const getSiteAnalytics = defineEndpoint(calls.getSiteAnalytics, {
  handler: async ({ req, query, reply }) =>
    reply(
      await siteAnalytics(
        { payload: req.payload, req, locale: query.locale ?? requestLocale(req.headers) },
        { period: periodFrom(query) },
      ),
    ),
})

const percent = (value: number | null) => (value === null ? null : Math.round(value * 10000) / 100)
const rounded = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100)

const resourcesCsv = (data: ResourceAnalytics) =>
  toCsv([
    [
      'resource_id',
      'title',
      'type',
      'url',
      'views',
      'visitors',
      'site_clicks',
      'mirror_clicks',
      'ctr_percent',
      'favorites_added',
      'favorites_removed',
      'reviews',
      'average_grade',
      'helpful_votes',
      'reports',
      'views_previous_period',
    ],
    ...data.resources.map((row) => [
      row.id,
      row.title,
      row.type,
      row.path,
      row.totals.views,
      row.totals.visitors,
      row.totals.site_clicks,
      row.totals.mirror_clicks,
      percent(row.totals.ctr),
      row.totals.favorites_added,
      row.totals.favorites_removed,
      row.totals.reviews,
      rounded(row.totals.average_grade),
      row.totals.helpful_votes,
      row.totals.reports,
      row.previous.views,
    ]),
  ])

const daysCsv = (data: ResourceAnalytics) =>
  toCsv([
    [
      'day',
      'views',
      'visitors',
      'site_clicks',
      'mirror_clicks',
      'favorites_added',
      'favorites_removed',
      'reviews',
      'grade_1',
      'grade_2',
      'grade_3',
      'grade_4',
      'grade_5',
      'helpful_votes',
      'reports',
    ],
    ...data.days.map((day) => [
      day.day,
      day.views,
      day.visitors,
      day.site_clicks,
      day.mirror_clicks,
      day.favorites_added,
      day.favorites_removed,
      day.reviews,
      ...day.grades,
      day.helpful_votes,
      day.reports,
    ]),
  ])

const siteCsv = (data: SiteAnalytics) =>
  toCsv([
    [
      'day',
      'registrations',
      'active_users',
      'reviews',
      'comments',
      'chat_messages',
      ...RESOURCE_TYPE_VALUES.map((type) => `resources_${type}`),
      'resources_pending',
      'resources_published',
      'resources_rejected',
      'tickets_opened',
      'tickets_open',
      'first_answer_median_seconds',
      ...VERIFICATION_STATUSES.map((status) => `verification_${status}`),
      'decision_median_seconds',
      'views',
      'visitors',
      'clicks',
    ],
    ...data.days.map((day) => [
      day.day,
      day.registrations,
      day.active_users,
      day.reviews,
      day.comments,
      day.chat_messages,
      ...RESOURCE_TYPE_VALUES.map((type) => day.resources_by_type[type]),
      day.resources_by_status.pending,
      day.resources_by_status.published,
      day.resources_by_status.rejected,
      day.tickets_opened,
      day.tickets_open,
      day.first_answer_median_seconds,
      ...VERIFICATION_STATUSES.map((status) => day.verification_by_status[status]),
      day.decision_median_seconds,
      day.views,
      day.visitors,
      day.clicks,
    ]),
  ])

const download = (name: string, csv: string) =>
  new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })

/** GET /analytics-export?table=… → a CSV download of the table, the daily series or the site's days. */
export const exportAnalytics = defineEndpoint(calls.exportAnalytics, {
  handler: async ({ req, user, query }) => {
    const period = periodFrom(query)
    const name = (what: string) => `analytics-${what}-${period.from}-${period.to}.csv`
    if (query.table === 'site') {
      if (!isAdmin(user)) return fail({ req, status: 403, code: 'forbidden' })
      const data = await siteAnalytics({ payload: req.payload, req }, { period })
      return download(name('site'), siteCsv(data))
    }
    try {
      const data = await readResources(req, user, query)
      const what = `${query.table}${data.resource ? `-${data.resource.id}` : ''}`
      return download(name(what), query.table === 'days' ? daysCsv(data) : resourcesCsv(data))
    } catch (error) {
      if (error instanceof NoSuchResource) return notFound(req)
      throw error
    }
  },
})

export const analyticsEndpoints = [track, getAnalytics, getSiteAnalytics, exportAnalytics]
