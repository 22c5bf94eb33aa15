import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload, PayloadRequest } from 'payload'

import {
  RESOURCE_COUNTERS,
  type ResourceCounter,
  TRACKED_COUNTERS,
  type TrackedCounter,
  dayOf,
} from '@/lib/analytics'

import { runSql } from './run'

/**
 * Analytics' writes (tables `analytics_resource_days`, `analytics_site_days`, `analytics_batches`,
 * made by the migration `20261126_analytics`): the browser's counts flushed in batches, the
 * counts the collections' hooks add in the writer's transaction, and the site's daily roll-up.
 */

/** A resource's counters on one day, as the recorder gathers them. */
export type TrackedRow = { resource_id: number; day: string } & Record<TrackedCounter, number>

/** Quoted column names, for a statement's list. */
export const columns = (names: readonly string[]) =>
  sql.raw(names.map((name) => `"${name}"`).join(', '))

/** An upsert's SET that adds the new counts to a resource's day row already there. */
const addedToDay = (names: readonly string[]) =>
  sql.raw(
    names
      .map((name) => `"${name}" = analytics_resource_days."${name}" + EXCLUDED."${name}"`)
      .join(', '),
  )

/**
 * Adds one batch of the browser's counts, in one statement (so all or nothing): one upsert per
 * resource and day, and the same counts into the site's days. `batchId` makes a batch count once
 * however often it is retried: a batch already recorded adds nothing. Only published resources
 * count, whichever door the report came through: rows of resources nobody can see (pending,
 * rejected) or that do not exist (deleted since, or never) are dropped. Answers whether the batch
 * was added now.
 */
export const addTrackedBatch = async ({
  payload,
  batchId,
  rows,
}: {
  payload: Payload
  batchId: string
  rows: TrackedRow[]
}): Promise<boolean> => {
  if (rows.length === 0) return true
  // One order for every writer, so two batches never wait on each other's rows in a cycle.
  const sorted = [...rows].sort((a, b) => a.resource_id - b.resource_id || (a.day < b.day ? -1 : 1))
  const counters = columns(TRACKED_COUNTERS)
  const recordType = sql.raw(
    ['resource_id int', 'day date', ...TRACKED_COUNTERS.map((name) => `${name} int`)].join(', '),
  )
  const { rows: result } = await runSql<{ added: number }>({
    payload,
    query: sql`
      WITH batch AS (
        INSERT INTO analytics_batches (id) VALUES (${batchId}) ON CONFLICT DO NOTHING RETURNING id
      ), input AS (
        SELECT u.* FROM jsonb_to_recordset(${JSON.stringify(sorted)}::jsonb) AS u(${recordType})
        JOIN resources r ON r.id = u.resource_id AND r.status = 'published'
        WHERE EXISTS (SELECT 1 FROM batch)
      ), resource_rows AS (
        INSERT INTO analytics_resource_days (resource_id, day, ${counters})
        SELECT resource_id, day, ${counters} FROM input
        ON CONFLICT (resource_id, day) DO UPDATE SET ${addedToDay(TRACKED_COUNTERS)}
        RETURNING 1
      ), site_rows AS (
        INSERT INTO analytics_site_days (day, views, visitors, clicks)
        SELECT day, sum(views), sum(visitors), sum(site_clicks + mirror_clicks) FROM input GROUP BY day
        ON CONFLICT (day) DO UPDATE SET
          views = analytics_site_days.views + EXCLUDED.views,
          visitors = analytics_site_days.visitors + EXCLUDED.visitors,
          clicks = analytics_site_days.clicks + EXCLUDED.clicks
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM batch)::int AS added,
             (SELECT count(*) FROM resource_rows) + (SELECT count(*) FROM site_rows) AS written`,
  })
  return (result[0]?.added ?? 0) > 0
}

/**
 * Adds to a resource's counters for the day of `at` (now), inside the writer's transaction: a
 * favorite, a review and its grade, a helpful vote, a report count with the write that made them.
 */
export const addResourceCounts = async (
  req: PayloadRequest,
  resourceId: number,
  counts: Partial<Record<ResourceCounter, number>>,
  at: Date = new Date(),
) => {
  const names = Object.keys(counts).filter((name): name is ResourceCounter =>
    (RESOURCE_COUNTERS as readonly string[]).includes(name),
  )
  if (names.length === 0) return
  const values = sql.join(
    names.map((name) => sql`${Math.trunc(counts[name] ?? 0)}`),
    sql`, `,
  )
  await runSql({
    payload: req.payload,
    req,
    query: sql`
      INSERT INTO analytics_resource_days (resource_id, day, ${columns(names)})
      VALUES (${resourceId}, ${dayOf(at)}::date, ${values})
      ON CONFLICT (resource_id, day) DO UPDATE SET ${addedToDay(names)}`,
  })
}

/** As addResourceCounts, for the resource of review `reviewId` (a helpful vote, a report). */
export const addReviewedResourceCounts = async (
  req: PayloadRequest,
  reviewId: number,
  counts: Partial<Record<ResourceCounter, number>>,
  at: Date = new Date(),
) => {
  const { rows } = await runSql<{ resource_id: number }>({
    payload: req.payload,
    req,
    query: sql`SELECT resource_id FROM reviews WHERE id = ${reviewId}`,
  })
  if (rows[0]) await addResourceCounts(req, Number(rows[0].resource_id), counts, at)
}
