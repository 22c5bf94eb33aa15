import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Where } from 'payload'

import {
  ANALYTICS_TABLE_MAX,
  RESOURCE_COUNTERS,
  type ResourceCounter,
  type Period,
  eachDay,
  previousPeriod,
} from '@/lib/analytics'
import { isAdmin } from '@/lib/roles'
import { runSql } from '@/server/sql/run'
import { managedResources } from '@access/resources'
import type { User } from '@payload-types'

import { type Described, describe } from './analyticsReader'
import type {
  ResourceAnalytics,
  ResourceAnalyticsRow,
  ResourceDay,
  ResourceTotals,
} from './analyticsTypes'
import type { Reader } from './reader'

export type * from './analyticsTypes'

type Counts = Record<ResourceCounter, number>

const zeroCounts = (): Counts =>
  Object.fromEntries(RESOURCE_COUNTERS.map((name) => [name, 0])) as Counts

const addCounts = (into: Counts, row: Partial<Record<ResourceCounter, unknown>>) => {
  for (const name of RESOURCE_COUNTERS) into[name] += Number(row[name] ?? 0)
  return into
}

/** The figures a reader sees, from raw counters. */
export const totalsOf = (counts: Counts): ResourceTotals => {
  const clicks = counts.site_clicks + counts.mirror_clicks
  const grades: ResourceTotals['grades'] = [
    counts.grade_1,
    counts.grade_2,
    counts.grade_3,
    counts.grade_4,
    counts.grade_5,
  ]
  const graded = grades.reduce((sum, n) => sum + n, 0)
  return {
    views: counts.views,
    visitors: counts.visitors,
    clicks,
    site_clicks: counts.site_clicks,
    mirror_clicks: counts.mirror_clicks,
    ctr: counts.views > 0 ? clicks / counts.views : null,
    favorites_added: counts.favorites_added,
    favorites_removed: counts.favorites_removed,
    reviews: counts.reviews,
    grades,
    average_grade: graded > 0 ? grades.reduce((sum, n, i) => sum + n * (i + 1), 0) / graded : null,
    helpful_votes: counts.helpful_votes,
    reports: counts.reports,
  }
}

const sums = sql.raw(RESOURCE_COUNTERS.map((name) => `sum("${name}")::int AS "${name}"`).join(', '))

/** `resource_id` among `ids`, or every resource (`all`). */
const onResources = (ids: number[] | 'all') =>
  ids === 'all' ? sql`TRUE` : sql`resource_id = ANY(${`{${ids.join(',')}}`}::int[])`

/** The reader's resources: every one for admins, else those they manage (design.md §3). */
const readersResources = (user: User): Where | 'all' | null =>
  isAdmin(user) ? 'all' : managedResources(user)

/** The reader has no such resource: the same answer as for one that does not exist. */
export class NoSuchResource extends Error {}

/**
 * GET /analytics: an owner's (operator's, admin's) resources over `period` against the period
 * before, per day, and per resource (most viewed first). With `resourceId`, that resource alone;
 * a resource the reader does not manage throws NoSuchResource, as a missing one does.
 */
export const resourceAnalytics = async (
  reader: Reader,
  { user, period, resourceId }: { user: User; period: Period; resourceId?: number },
): Promise<ResourceAnalytics> => {
  const { payload, req } = reader
  // Nobody's (an operator whose employer is blocked): no resources, so no figures.
  const scope = readersResources(user)
  const mine =
    scope === 'all'
      ? null
      : scope
        ? await describe(reader, scope, 10_000)
        : new Map<number, Described>()
  let resource: ResourceAnalytics['resource'] = null
  if (resourceId !== undefined) {
    const found = mine
      ? mine.get(resourceId)
      : (await describe(reader, { id: { equals: resourceId } }, 1)).get(resourceId)
    if (!found) throw new NoSuchResource()
    resource = { id: found.id, title: found.title, path: found.path }
  }
  const ids: number[] | 'all' = resource ? [resource.id] : mine ? [...mine.keys()] : 'all'
  const previous = previousPeriod(period)
  const days = eachDay(period.from, period.to)

  const run = <Row>(query: ReturnType<typeof sql>) => runSql<Row>({ payload, req, query })
  const [byDay, before, perResource] = await Promise.all([
    ids.length === 0
      ? { rows: [] }
      : run<{ day: string } & Counts>(sql`
          SELECT to_char(day, 'YYYY-MM-DD') AS day, ${sums} FROM analytics_resource_days
          WHERE ${onResources(ids)} AND day BETWEEN ${period.from} AND ${period.to}
          GROUP BY day`),
    ids.length === 0
      ? { rows: [] }
      : run<Counts>(sql`
          SELECT ${sums} FROM analytics_resource_days
          WHERE ${onResources(ids)} AND day BETWEEN ${previous.from} AND ${previous.to}`),
    // The table: the reader's resources (an admin's: the most viewed), this period and the last.
    ids.length === 0
      ? { rows: [] }
      : run<{ resource_id: number; period: 'now' | 'before' } & Counts>(sql`
          SELECT resource_id, CASE WHEN day >= ${period.from} THEN 'now' ELSE 'before' END AS period, ${sums}
          FROM analytics_resource_days
          WHERE ${
            ids === 'all'
              ? sql`resource_id IN (
              SELECT resource_id FROM analytics_resource_days
              WHERE day BETWEEN ${period.from} AND ${period.to}
              GROUP BY resource_id ORDER BY sum(views) DESC, resource_id LIMIT ${ANALYTICS_TABLE_MAX})`
              : onResources(ids)
          }
            AND day BETWEEN ${previous.from} AND ${period.to}
          GROUP BY resource_id, 2`),
  ])

  const dayCounts = new Map(byDay.rows.map((row) => [row.day, addCounts(zeroCounts(), row)]))
  const series: ResourceDay[] = days.map((day) => ({
    day,
    ...totalsOf(dayCounts.get(day) ?? zeroCounts()),
  }))
  const totals = days.reduce((sum, day) => addCounts(sum, dayCounts.get(day) ?? {}), zeroCounts())

  const rowsOf = new Map<number, { now: Counts; before: Counts }>()
  for (const row of perResource.rows) {
    const id = Number(row.resource_id)
    const entry = rowsOf.get(id) ?? { now: zeroCounts(), before: zeroCounts() }
    addCounts(row.period === 'now' ? entry.now : entry.before, row)
    rowsOf.set(id, entry)
  }
  const tableIds = mine ? [...mine.keys()] : [...rowsOf.keys()]
  const described = mine ?? (await describe(reader, { id: { in: tableIds } }, tableIds.length || 1))
  const sparkIds = tableIds.filter((id) => (rowsOf.get(id)?.now.views ?? 0) > 0)
  const spark = sparkIds.length
    ? await run<{ resource_id: number; day: string; views: number }>(sql`
        SELECT resource_id, to_char(day, 'YYYY-MM-DD') AS day, views FROM analytics_resource_days
        WHERE ${onResources(sparkIds)} AND day BETWEEN ${period.from} AND ${period.to} AND views > 0`)
    : { rows: [] }
  const viewsOf = new Map<number, Map<string, number>>()
  for (const row of spark.rows) {
    const id = Number(row.resource_id)
    const of = viewsOf.get(id) ?? new Map<string, number>()
    of.set(row.day, Number(row.views))
    viewsOf.set(id, of)
  }
  const resources: ResourceAnalyticsRow[] = tableIds
    .map((id) => described.get(id))
    .filter((entry): entry is Described => Boolean(entry))
    .map((entry) => {
      const counts = rowsOf.get(entry.id)
      return {
        ...entry,
        totals: totalsOf(counts?.now ?? zeroCounts()),
        previous: totalsOf(counts?.before ?? zeroCounts()),
        views_by_day: days.map((day) => viewsOf.get(entry.id)?.get(day) ?? 0),
      }
    })
    .sort((a, b) => b.totals.views - a.totals.views || a.title.localeCompare(b.title))
    .slice(0, ANALYTICS_TABLE_MAX)

  const resourceCount = mine
    ? mine.size
    : (await payload.count({ collection: 'resources', overrideAccess: true, req })).totalDocs
  return {
    from: period.from,
    to: period.to,
    previous_from: previous.from,
    previous_to: previous.to,
    resource,
    totals: totalsOf(totals),
    previous: totalsOf(addCounts(zeroCounts(), before.rows[0] ?? {})),
    days: series,
    resources,
    resource_count: resourceCount,
  }
}
