import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { ANALYTICS_TOP, type Period, addDays, eachDay, previousPeriod } from '@/lib/analytics'
import { RESOURCE_STATUSES, RESOURCE_TYPE_VALUES } from '@/lib/resourceTypes'
import { VERIFICATION_STATUSES } from '@/lib/support'
import { runSql } from '@/server/sql/run'

import { describe } from './analyticsReader'
import type { SiteAnalytics, SiteDay, SiteTotals, TopResource } from './analyticsTypes'
import type { Reader } from './reader'

type SiteRow = {
  day: string
  registrations: number
  active_users: number
  reviews: number
  comments: number
  chat_messages: number
  resources_by_type: Record<string, number>
  resources_by_status: Record<string, number>
  tickets_opened: number
  tickets_open: number
  first_answer_seconds: number[]
  verification_by_status: Record<string, number>
  decision_seconds: number[]
  views: number
  visitors: number
  clicks: number
  built_at: string | null
}

const keyed = <K extends string>(keys: readonly K[], from: Record<string, number> = {}) =>
  Object.fromEntries(keys.map((key) => [key, Number(from[key] ?? 0)])) as Record<K, number>

const median = (values: number[]): number | null => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2)
}

const siteDayOf = (day: string, row: SiteRow | undefined): SiteDay => ({
  day,
  registrations: Number(row?.registrations ?? 0),
  active_users: Number(row?.active_users ?? 0),
  reviews: Number(row?.reviews ?? 0),
  comments: Number(row?.comments ?? 0),
  chat_messages: Number(row?.chat_messages ?? 0),
  resources_by_type: keyed(RESOURCE_TYPE_VALUES, row?.resources_by_type),
  resources_by_status: keyed(RESOURCE_STATUSES, row?.resources_by_status),
  tickets_opened: Number(row?.tickets_opened ?? 0),
  tickets_open: Number(row?.tickets_open ?? 0),
  first_answer_median_seconds: median(row?.first_answer_seconds ?? []),
  verification_by_status: keyed(VERIFICATION_STATUSES, row?.verification_by_status),
  decision_median_seconds: median(row?.decision_seconds ?? []),
  views: Number(row?.views ?? 0),
  visitors: Number(row?.visitors ?? 0),
  clicks: Number(row?.clicks ?? 0),
})

const COUNTED = [
  'registrations',
  'active_users',
  'reviews',
  'comments',
  'chat_messages',
  'tickets_opened',
  'views',
  'visitors',
  'clicks',
] as const

/** A period's site figures: sums of the days, the last day's open tickets, medians over the period. */
const siteTotalsOf = (days: SiteDay[], rows: SiteRow[]): SiteTotals => {
  const sumOf = (pick: (day: SiteDay) => number) => days.reduce((sum, day) => sum + pick(day), 0)
  const sumKeyed = <K extends string>(
    keys: readonly K[],
    pick: (day: SiteDay) => Record<K, number>,
  ) =>
    Object.fromEntries(keys.map((key) => [key, sumOf((day) => pick(day)[key])])) as Record<
      K,
      number
    >
  return {
    ...(Object.fromEntries(COUNTED.map((name) => [name, sumOf((day) => day[name])])) as Record<
      (typeof COUNTED)[number],
      number
    >),
    resources_by_type: sumKeyed(RESOURCE_TYPE_VALUES, (day) => day.resources_by_type),
    resources_by_status: sumKeyed(RESOURCE_STATUSES, (day) => day.resources_by_status),
    verification_by_status: sumKeyed(VERIFICATION_STATUSES, (day) => day.verification_by_status),
    tickets_open: days.at(-1)?.tickets_open ?? 0,
    first_answer_median_seconds: median(rows.flatMap((row) => row.first_answer_seconds ?? [])),
    decision_median_seconds: median(rows.flatMap((row) => row.decision_seconds ?? [])),
  }
}

/**
 * A period split into the built months it holds whole and the runs of days around them, for
 * reading a long period from the monthly sums.
 */
export const splitByMonths = (period: Period, builtMonths: string[]) => {
  const built = new Set(builtMonths)
  const months: string[] = []
  const days: Period[] = []
  let day = period.from
  while (day <= period.to) {
    const nextMonth = `${addDays(`${day.slice(0, 7)}-28`, 4).slice(0, 7)}-01`
    const monthEnd = addDays(nextMonth, -1)
    if (day.endsWith('-01') && monthEnd <= period.to && built.has(day)) {
      months.push(day)
    } else {
      const to = monthEnd < period.to ? monthEnd : period.to
      const last = days.at(-1)
      if (last && addDays(last.to, 1) === day) last.to = to
      else days.push({ from: day, to })
    }
    day = nextMonth
  }
  return { months, days }
}

/**
 * GET /site-analytics (admins): the site per day over `period` (the jobs queue's roll-up, with the
 * flushed views), its totals against the period before, and the top resources by views and by
 * new reviews.
 */
export const siteAnalytics = async (
  reader: Reader,
  { period }: { period: Period },
): Promise<SiteAnalytics> => {
  const { payload, req } = reader
  const previous = previousPeriod(period)
  const run = <Row>(query: ReturnType<typeof sql>) => runSql<Row>({ payload, req, query })
  // A year of every resource's days is millions of rows: the finished months come from their
  // monthly sums (built by the roll-up), only the days around them from the daily rows.
  const { rows: built } = await run<{ month: string }>(sql`
    SELECT to_char(month, 'YYYY-MM-DD') AS month FROM analytics_months_built
    WHERE month >= ${period.from}::date AND month <= ${period.to}::date`)
  const { months, days: dayRanges } = splitByMonths(
    period,
    built.map((row) => row.month),
  )
  const inDays = dayRanges.length
    ? sql.join(
        dayRanges.map(({ from, to }) => sql`(day BETWEEN ${from} AND ${to})`),
        sql` OR `,
      )
    : sql`FALSE`
  const top = (column: 'views' | 'reviews') => {
    const name = sql.raw(`"${column}"`)
    return run<{ resource_id: number; value: number }>(sql`
      SELECT resource_id, sum(${name})::int AS value FROM (
        SELECT resource_id, ${name} FROM analytics_resource_months
        WHERE month = ANY(${`{${months.join(',')}}`}::date[])
        UNION ALL
        SELECT resource_id, ${name} FROM analytics_resource_days WHERE ${inDays}
      ) AS period
      GROUP BY resource_id HAVING sum(${name}) > 0
      ORDER BY value DESC, resource_id LIMIT ${ANALYTICS_TOP}`)
  }
  const [rows, byViews, byReviews] = await Promise.all([
    run<SiteRow>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, registrations, active_users, reviews, comments,
        chat_messages, resources_by_type, resources_by_status, tickets_opened, tickets_open,
        first_answer_seconds, verification_by_status, decision_seconds, views, visitors, clicks,
        built_at
      FROM analytics_site_days WHERE day BETWEEN ${previous.from} AND ${period.to}`),
    top('views'),
    top('reviews'),
  ])
  const rowOf = new Map(rows.rows.map((row) => [row.day, row]))
  const daysOf = ({ from, to }: Period) =>
    eachDay(from, to).map((day) => siteDayOf(day, rowOf.get(day)))
  const rowsIn = ({ from, to }: Period) =>
    rows.rows.filter((row) => row.day >= from && row.day <= to)
  const days = daysOf(period)
  const ids = [
    ...new Set([...byViews.rows, ...byReviews.rows].map((row) => Number(row.resource_id))),
  ]
  const described = ids.length ? await describe(reader, { id: { in: ids } }, ids.length) : new Map()
  const topOf = (list: { resource_id: number; value: number }[]): TopResource[] =>
    list.flatMap((row) => {
      const entry = described.get(Number(row.resource_id))
      return entry
        ? [{ id: entry.id, title: entry.title, path: entry.path, value: Number(row.value) }]
        : []
    })
  const builtAt = rows.rows
    .map((row) => row.built_at)
    .filter((at): at is string => Boolean(at))
    .sort()
    .at(-1)
  return {
    from: period.from,
    to: period.to,
    previous_from: previous.from,
    previous_to: previous.to,
    totals: siteTotalsOf(days, rowsIn(period)),
    previous: siteTotalsOf(daysOf(previous), rowsIn(previous)),
    days,
    top_by_views: topOf(byViews.rows),
    top_by_reviews: topOf(byReviews.rows),
    built_at: builtAt ? new Date(builtAt).toISOString() : null,
  }
}
