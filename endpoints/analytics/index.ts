import { LRUCache } from 'lru-cache'
import type { Payload, PayloadRequest } from 'payload'

import * as calls from '@/api/analytics'
import type { ParsedBodyOf } from '@/api/call'
import {
  NoSuchResource,
  type ResourceAnalyticsRow,
  type ResourceDay,
  type ResourceTotals,
  type SiteDay,
  resourceAnalytics,
} from '@/data/views/analytics'
import { siteAnalytics } from '@/data/views/siteAnalytics'
import {
  type Period,
  RESOURCE_COUNTERS,
  type ResourceCounter,
  dayOf,
  periodOf,
  toCsv,
} from '@/lib/analytics'
import { RESOURCE_STATUSES, RESOURCE_TYPE_VALUES } from '@/lib/resourceTypes'
import { isAdmin } from '@/lib/roles'
import { VERIFICATION_STATUSES } from '@/lib/support'
import { record, withinAddressCap } from '@/server/analytics/recorder'
import { notCounted } from '@/server/analytics/visits'
import { clientAddress } from '@/server/clientAddress'
import type { ServerHooks } from '@/server/serverHooks'
import { messageLocale } from '@/server/serverMessages'
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

type Report = ParsedBodyOf<typeof calls.track>

/**
 * The track call's own work, once the report is read: an address past its cap is refused (429);
 * bots, prefetches, DNT/GPC and the resource's own staff are answered alike (204) and not
 * counted; anything else is added to the counters (src/server/analytics/recorder.ts), never
 * waiting on the database.
 */
const countReport = async ({
  req,
  user,
  report,
}: {
  req: PayloadRequest
  user: User | null
  report: Report
}) => {
  const address = clientAddress(req)
  if (!withinAddressCap(address)) return fail({ req, status: 429, code: 'too-many-attempts' })
  const skipped = notCounted(req.headers) || (await isStaffOf(req, user, report.resource_id))
  if (!skipped) {
    await record(req.payload, {
      resourceId: report.resource_id,
      counter:
        report.event === 'view'
          ? 'views'
          : report.link === 'mirror'
            ? 'mirror_clicks'
            : 'site_clicks',
      visitor:
        report.event === 'view'
          ? { address, userAgent: req.headers.get('user-agent') ?? '' }
          : undefined,
    })
  }
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
}

/**
 * POST /track {resource_id, event, link?} → 204: a resource page's view, or a click on its website
 * or a mirror, reported by the browser once the page has loaded (the pages are cached and the
 * same for all, so the render counts nothing). A guest's report is usually answered before Next
 * and Payload see it (`guestReportsFor`); a signed-in visitor's comes here, where Payload knows
 * who it is.
 */
export const track = defineEndpoint(calls.track, {
  handler: ({ req, user, body }) => countReport({ req, user, report: body }),
})

/**
 * A guest's report as the app's server (scripts/serve.ts) hands it over before Next, from the
 * request's headers and text alone, answered by `track` itself: the same reading, checks and
 * answers as through Payload's route, so that a report costs a fraction of a cached page
 * (bench/README.md, "Analytics"). Offered through the server's hooks (src/server/serverHooks.ts)
 * once Payload has started in this process (the config's onInit).
 */
export const guestReportsFor =
  (payload: Payload): ServerHooks['answerGuestReport'] =>
  async ({ headers, text }) => {
    // A guest's request as Payload's route hands one to the endpoint: no user, its body as text.
    const req = { headers, payload, user: null, context: {}, text: async () => text }
    return track.handler(req as unknown as PayloadRequest)
  }

type PeriodQuery = { range: Parameters<typeof periodOf>[0]; from?: string; to?: string }

const periodFrom = (query: PeriodQuery): Period =>
  periodOf(query.range, dayOf(new Date()), { from: query.from, to: query.to })

const readResources = (
  req: PayloadRequest,
  user: User,
  query: PeriodQuery & { resource?: number; locale?: 'ru' | 'en' },
) =>
  resourceAnalytics(
    { payload: req.payload, req, locale: query.locale ?? messageLocale(req) },
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
        { payload: req.payload, req, locale: query.locale ?? messageLocale(req) },
        { period: periodFrom(query) },
      ),
    ),
})

const percent = (value: number | null) => (value === null ? null : Math.round(value * 10000) / 100)
const rounded = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100)

/** A CSV column: its header, and the cell of each row. */
type Column<Row> = [header: string, cell: (row: Row) => string | number | null]

const csvOf = <Row>(columns: Column<Row>[], rows: Row[]) =>
  toCsv([
    columns.map(([header]) => header),
    ...rows.map((row) => columns.map(([, cell]) => cell(row))),
  ])

/** A counter of a period's totals by its stored name (`grade_3` is the third of `grades`). */
const counterOf = (totals: ResourceTotals, name: ResourceCounter) =>
  name.startsWith('grade_')
    ? totals.grades[Number(name.slice('grade_'.length)) - 1]
    : totals[name as Exclude<ResourceCounter, `grade_${number}`>]

const RESOURCE_COLUMNS: Column<ResourceAnalyticsRow>[] = [
  ['resource_id', (row) => row.id],
  ['title', (row) => row.title],
  ['type', (row) => row.type],
  ['url', (row) => row.path],
  ['views', (row) => row.totals.views],
  ['visitors', (row) => row.totals.visitors],
  ['site_clicks', (row) => row.totals.site_clicks],
  ['mirror_clicks', (row) => row.totals.mirror_clicks],
  ['ctr_percent', (row) => percent(row.totals.ctr)],
  ['favorites_added', (row) => row.totals.favorites_added],
  ['favorites_removed', (row) => row.totals.favorites_removed],
  ['reviews', (row) => row.totals.reviews],
  ['average_grade', (row) => rounded(row.totals.average_grade)],
  ['helpful_votes', (row) => row.totals.helpful_votes],
  ['reports', (row) => row.totals.reports],
  ['views_previous_period', (row) => row.previous.views],
]

/** The day, then every counter as it is stored. */
const DAY_COLUMNS: Column<ResourceDay>[] = [
  ['day', (day) => day.day],
  ...RESOURCE_COUNTERS.map((name): Column<ResourceDay> => [name, (day) => counterOf(day, name)]),
]

const SITE_COLUMNS: Column<SiteDay>[] = [
  ['day', (day) => day.day],
  ['registrations', (day) => day.registrations],
  ['active_users', (day) => day.active_users],
  ['reviews', (day) => day.reviews],
  ['comments', (day) => day.comments],
  ['chat_messages', (day) => day.chat_messages],
  ...RESOURCE_TYPE_VALUES.map((type): Column<SiteDay> => [
    `resources_${type}`,
    (day) => day.resources_by_type[type],
  ]),
  ...RESOURCE_STATUSES.map((status): Column<SiteDay> => [
    `resources_${status}`,
    (day) => day.resources_by_status[status],
  ]),
  ['tickets_opened', (day) => day.tickets_opened],
  ['tickets_open', (day) => day.tickets_open],
  ['first_answer_median_seconds', (day) => day.first_answer_median_seconds],
  ...VERIFICATION_STATUSES.map((status): Column<SiteDay> => [
    `verification_${status}`,
    (day) => day.verification_by_status[status],
  ]),
  ['decision_median_seconds', (day) => day.decision_median_seconds],
  ['views', (day) => day.views],
  ['visitors', (day) => day.visitors],
  ['clicks', (day) => day.clicks],
]

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
      return download(name('site'), csvOf(SITE_COLUMNS, data.days))
    }
    try {
      const data = await readResources(req, user, query)
      const what = `${query.table}${data.resource ? `-${data.resource.id}` : ''}`
      return download(
        name(what),
        query.table === 'days'
          ? csvOf(DAY_COLUMNS, data.days)
          : csvOf(RESOURCE_COLUMNS, data.resources),
      )
    } catch (error) {
      if (error instanceof NoSuchResource) return notFound(req)
      throw error
    }
  },
})

export const analyticsEndpoints = [track, getAnalytics, getSiteAnalytics, exportAnalytics]
