import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload, PayloadRequest } from 'payload'

import { LINK_CHECK_LIMITS } from '@/lib/limits'

import { runSql } from './run'

/**
 * The availability monitor's tables (src/server/linkChecks): `link_checks`, one row per check of
 * a resource's address, and `link_states`, the current state of each (resource, address) and
 * since when. Plain tables, not collections: no door of Payload's reaches them. Rows of an
 * address a resource no longer lists are never shown (the reads join the current links) and are
 * removed by the next run and by the clean-up; a deleted resource's rows go with it (cascade).
 */

type Req = Partial<PayloadRequest>

/** Each published resource's addresses, once per (resource, address). */
export const listPublishedLinks = async ({
  payload,
  req,
  resourceIds,
}: {
  payload: Payload
  req?: Req
  /** Only these resources' addresses (all published ones when not given). */
  resourceIds?: number[]
}) =>
  (
    await runSql<{ resource_id: number; url: string }>({
      payload,
      req,
      query: sql`SELECT DISTINCT l._parent_id AS resource_id, l.url
        FROM resources_links l JOIN resources r ON r.id = l._parent_id
        WHERE r.status = 'published'
          ${resourceIds ? sql`AND r.id = ANY(${`{${resourceIds.map(Number).join(',')}}`}::int[])` : sql``}
        ORDER BY l.url, resource_id`,
    })
  ).rows

export type CheckRow = {
  resource_id: number
  url: string
  up: boolean
  status: number | null
  ms: number
  error: string | null
  checked_at: string
}

/**
 * Records checks (skipping a resource or address removed meanwhile) and moves each state,
 * starting its `since` anew when `up` changed. Answers the resources whose shown state changed:
 * a first check, or a flip between up and down.
 */
export const recordChecks = async ({
  payload,
  req,
  checks,
}: {
  payload: Payload
  req?: Req
  checks: CheckRow[]
}): Promise<number[]> => {
  if (!checks.length) return []
  const { rows } = await runSql<{ resource_id: number }>({
    payload,
    req,
    query: sql`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(checks)}::jsonb) AS t(
          resource_id integer, url text, up boolean, status integer, ms integer, error text,
          checked_at timestamptz)
      ), live AS (
        SELECT i.* FROM input i WHERE EXISTS (
          SELECT 1 FROM resources_links l WHERE l._parent_id = i.resource_id AND l.url = i.url)
      ), added AS (
        INSERT INTO link_checks (resource_id, url, checked_at, up, status, ms, error)
        SELECT resource_id, url, checked_at, up, status, ms, error FROM live
      ), before AS (
        SELECT s.resource_id, s.url, s.up FROM link_states s
        JOIN live USING (resource_id, url)
      ), moved AS (
        INSERT INTO link_states (resource_id, url, up, since, checked_at, status, error)
        SELECT resource_id, url, up, checked_at, checked_at, status, error FROM live
        ON CONFLICT (resource_id, url) DO UPDATE SET
          since = CASE WHEN link_states.up = EXCLUDED.up THEN link_states.since
                       ELSE EXCLUDED.checked_at END,
          up = EXCLUDED.up,
          checked_at = EXCLUDED.checked_at,
          status = EXCLUDED.status,
          error = EXCLUDED.error
        RETURNING resource_id, url, up
      )
      SELECT DISTINCT m.resource_id FROM moved m LEFT JOIN before b USING (resource_id, url)
      WHERE b.up IS DISTINCT FROM m.up`,
  })
  return rows.map((row) => row.resource_id)
}

/** States of addresses their resource no longer lists (a changed link). */
export const forgetUnlistedStates = async ({ payload, req }: { payload: Payload; req?: Req }) =>
  (
    await runSql({
      payload,
      req,
      query: sql`DELETE FROM link_states s WHERE NOT EXISTS (
        SELECT 1 FROM resources_links l WHERE l._parent_id = s.resource_id AND l.url = s.url)`,
    })
  ).rowCount

/** Checks older than the history kept, and those of addresses no longer listed. */
export const deleteOldLinkChecks = async (payload: Payload) =>
  (
    await runSql({
      payload,
      query: sql`DELETE FROM link_checks c
        WHERE c.checked_at < now() - make_interval(days => ${LINK_CHECK_LIMITS.historyDays})
           OR NOT EXISTS (SELECT 1 FROM resources_links l
                          WHERE l._parent_id = c.resource_id AND l.url = c.url)`,
    })
  ).rowCount

export type LinkHealthRow = {
  url: string
  up: boolean | null
  since: string | null
  checked_at: string | null
  checks: number
  checks_up: number
}

/**
 * Each address a resource lists: its state (null before its first check) and its 30 days. A
 * query of its own, or a part of the resource page's one read (src/server/sql/resourcePage.ts).
 */
export const linkHealthQuery = (resourceId: number) => sql`
  SELECT l.url, s.up, s.since, s.checked_at,
    coalesce(h.checks, 0)::int AS checks, coalesce(h.checks_up, 0)::int AS checks_up
  FROM (SELECT DISTINCT url FROM resources_links WHERE _parent_id = ${resourceId}) l
  LEFT JOIN link_states s ON s.resource_id = ${resourceId} AND s.url = l.url
  LEFT JOIN LATERAL (
    SELECT count(*) AS checks, count(*) FILTER (WHERE c.up) AS checks_up
    FROM link_checks c
    WHERE c.resource_id = ${resourceId} AND c.url = l.url
      AND c.checked_at >= now() - make_interval(days => ${LINK_CHECK_LIMITS.availabilityDays})
  ) h ON true`

/** `linkHealthQuery`'s rows. */
export const readLinkHealth = async ({
  payload,
  resourceId,
}: {
  payload: Payload
  resourceId: number
}) => (await runSql<LinkHealthRow>({ payload, query: linkHealthQuery(resourceId) })).rows

export type StateRow = {
  resource_id: number
  url: string
  up: boolean
  since: string
  checked_at: string
}

/**
 * Writes a made-up history (the demo seed): its checks and states, for addresses that have no
 * state yet, so running it again adds nothing.
 */
export const addDemoLinkHistory = async ({
  payload,
  checks,
  states,
}: {
  payload: Payload
  checks: CheckRow[]
  states: StateRow[]
}) => {
  const { rows } = await runSql<{ resource_id: number; url: string }>({
    payload,
    query: sql`
      INSERT INTO link_states (resource_id, url, up, since, checked_at)
      SELECT resource_id, url, up, since, checked_at
      FROM jsonb_to_recordset(${JSON.stringify(states)}::jsonb) AS t(
        resource_id integer, url text, up boolean, since timestamptz, checked_at timestamptz)
      ON CONFLICT (resource_id, url) DO NOTHING
      RETURNING resource_id, url`,
  })
  const added = new Set(rows.map((row) => `${row.resource_id} ${row.url}`))
  const fresh = checks.filter((check) => added.has(`${check.resource_id} ${check.url}`))
  if (!fresh.length) return 0
  await runSql({
    payload,
    query: sql`
      INSERT INTO link_checks (resource_id, url, checked_at, up, status, ms, error)
      SELECT resource_id, url, checked_at, up, status, ms, error
      FROM jsonb_to_recordset(${JSON.stringify(fresh)}::jsonb) AS t(
        resource_id integer, url text, up boolean, status integer, ms integer, error text,
        checked_at timestamptz)`,
  })
  return rows.length
}

/**
 * The monitor's lease (table `link_check_lease`, one row): a run holds it while it checks, so two
 * runs never ask the same sites at once, yet holds no connection nor transaction during its
 * minutes of network waits. A run that died lets go when its lease ends (`seconds`).
 */
export const takeLinkCheckLease = async ({
  payload,
  holder,
  seconds,
}: {
  payload: Payload
  holder: string
  seconds: number
}) =>
  (
    await runSql({
      payload,
      query: sql`INSERT INTO link_check_lease (id, holder, until)
        VALUES (1, ${holder}, now() + make_interval(secs => ${seconds}))
        ON CONFLICT (id) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
        WHERE link_check_lease.until < now()
        RETURNING id`,
    })
  ).rowCount === 1

/** Ends the lease `holder` took (a lease taken over since is left alone). */
export const releaseLinkCheckLease = async ({
  payload,
  holder,
}: {
  payload: Payload
  holder: string
}) => {
  await runSql({
    payload,
    query: sql`UPDATE link_check_lease SET until = now() WHERE id = 1 AND holder = ${holder}`,
  })
}

/** The listed addresses of these resources that the last check found down, and since when. */
export const readDownLinks = async ({
  payload,
  resourceIds,
}: {
  payload: Payload
  resourceIds: number[]
}) =>
  resourceIds.length
    ? (
        await runSql<{ resource_id: number; url: string; since: string }>({
          payload,
          query: sql`SELECT s.resource_id, s.url, s.since FROM link_states s
            WHERE NOT s.up
              AND s.resource_id IN (
                SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(resourceIds)}::jsonb))
              AND EXISTS (SELECT 1 FROM resources_links l
                          WHERE l._parent_id = s.resource_id AND l.url = s.url)
            ORDER BY s.resource_id, s.url`,
        })
      ).rows
    : []
