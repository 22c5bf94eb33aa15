import 'server-only'

import { type SQL, sql } from 'drizzle-orm'
import type { Payload, PayloadRequest } from 'payload'

import type { RateRefusal } from '@/lib/rates'

import { offersRates } from './rateExchangers'
import { runSql } from './run'

/**
 * The rates fetcher's tables (src/server/rates; migrations/20261130_023438_rates.ts): each
 * exchanger's current offers (`exchange_rates`), its feed's state (`rate_feeds`), each direction's
 * hourly history and the fetcher's lease. Plain tables that only the fetcher writes.
 */

type Req = Partial<PayloadRequest>

/** `AND column = ANY(ids)` when some exchangers are named (a cycle run for some), else nothing. */
const onlyResources = (column: SQL, resourceIds: number[] | undefined) =>
  resourceIds ? sql`AND ${column} = ANY(${`{${resourceIds.map(Number).join(',')}}`}::int[])` : sql``

export type FeedToFetch = {
  resource_id: number
  url: string
  /** The state of this same address's last fetch: none for a feed just set or changed. */
  etag: string | null
  last_modified: string | null
  body_hash: string | null
  /** The feed's state was of another address (the owner changed it): its offers go. */
  url_changed: boolean
}

/** The feeds a cycle fetches: every exchanger that `offersRates`, or only some of them. */
export const listFeedsToFetch = async ({
  payload,
  resourceIds,
}: {
  payload: Payload
  resourceIds?: number[]
}) =>
  (
    await runSql<FeedToFetch>({
      payload,
      query: sql`SELECT r.id AS resource_id, r.rates_feed AS url,
          CASE WHEN f.url = r.rates_feed THEN f.etag END AS etag,
          CASE WHEN f.url = r.rates_feed THEN f.last_modified END AS last_modified,
          CASE WHEN f.url = r.rates_feed THEN f.body_hash END AS body_hash,
          (f.url IS NOT NULL AND f.url <> r.rates_feed) AS url_changed
        FROM resources r LEFT JOIN rate_feeds f ON f.resource_id = r.id
        WHERE ${offersRates(sql.raw('r'))}
          ${onlyResources(sql.raw('r.id'), resourceIds)}
        ORDER BY r.id`,
    })
  ).rows

/** The codes a feed's items may name (the `currencies` collection). */
export const listCurrencyCodes = async (payload: Payload) =>
  new Set(
    (await runSql<{ code: string }>({ payload, query: sql`SELECT code FROM currencies` })).rows.map(
      (row) => row.code,
    ),
  )

export type OfferRow = {
  from_code: string
  to_code: string
  rate_in: number
  rate_out: number
  reserve: number
  min_amount: number | null
  max_amount: number | null
}

/**
 * Makes an exchanger's offers exactly `offers`, in one statement: directions no longer offered
 * deleted, new ones inserted, changed ones updated, unchanged ones left untouched (no new row
 * version, no index write: a feed that moves a few rates costs a few rows). Answers how many
 * rows each part wrote.
 */
export const replaceOffers = async ({
  payload,
  req,
  resourceId,
  offers,
}: {
  payload: Payload
  req?: Req
  resourceId: number
  offers: OfferRow[]
}) => {
  const { rows } = await runSql<{ deleted: number; inserted: number; updated: number }>({
    payload,
    req,
    query: sql`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(offers)}::jsonb) AS t(
          from_code text, to_code text, rate_in numeric, rate_out numeric, reserve numeric,
          min_amount numeric, max_amount numeric)
      ), gone AS (
        DELETE FROM exchange_rates e WHERE e.resource_id = ${resourceId}
          AND NOT EXISTS (
            SELECT 1 FROM input i WHERE i.from_code = e.from_code AND i.to_code = e.to_code)
        RETURNING e.from_code, e.to_code
      ), written AS (
        INSERT INTO exchange_rates AS e (resource_id, from_code, to_code, rate_in, rate_out,
          reserve, min_amount, max_amount, updated_at)
        SELECT ${resourceId}, from_code, to_code, rate_in, rate_out, reserve, min_amount,
          max_amount, now()
        FROM input
        ON CONFLICT (resource_id, from_code, to_code) DO UPDATE SET
          rate_in = EXCLUDED.rate_in, rate_out = EXCLUDED.rate_out, reserve = EXCLUDED.reserve,
          min_amount = EXCLUDED.min_amount, max_amount = EXCLUDED.max_amount,
          updated_at = EXCLUDED.updated_at
        WHERE (e.rate_in, e.rate_out, e.reserve, e.min_amount, e.max_amount)
          IS DISTINCT FROM (EXCLUDED.rate_in, EXCLUDED.rate_out, EXCLUDED.reserve,
            EXCLUDED.min_amount, EXCLUDED.max_amount)
        RETURNING (xmax = 0) AS inserted
      )
      SELECT (SELECT count(*) FROM gone)::int AS deleted,
        (count(*) FILTER (WHERE inserted))::int AS inserted,
        (count(*) FILTER (WHERE NOT inserted))::int AS updated
      FROM written`,
  })
  return rows[0] ?? { deleted: 0, inserted: 0, updated: 0 }
}

/** Every offer of an exchanger (its feed's address changed: nothing of the old one stays). */
export const deleteOffers = async ({
  payload,
  req,
  resourceId,
}: {
  payload: Payload
  req?: Req
  resourceId: number
}) =>
  (
    await runSql({
      payload,
      req,
      query: sql`DELETE FROM exchange_rates WHERE resource_id = ${resourceId}`,
    })
  ).rowCount

/** What a fetch found, as `rate_feeds` keeps it. */
export type FeedState = {
  resource_id: number
  url: string
  ok: boolean
  /** A 200 with valid rates or a 304: the feed's rates are fresh from now. */
  fresh: boolean
  /** The exchanger's offers changed (any row written). */
  changed: boolean
  error: string | null
  http_status: number | null
  ms: number
  /** Body, counts and validators: null keeps the previous ones (a 304, an unchanged body). */
  bytes: number | null
  counts: { accepted: number; refused: number; refusals: RateRefusal[] } | null
  validators: { etag: string | null; last_modified: string | null; body_hash: string | null } | null
}

/**
 * Records fetches in their feeds' states, any number in one statement. A failure forgets the
 * validators (the next fetch asks for the whole body again, so a broken body is never confirmed
 * by a 304) and leaves `fresh_at`, so the old offers go stale.
 */
export const recordFeedStates = async ({
  payload,
  req,
  states,
}: {
  payload: Payload
  req?: Req
  states: FeedState[]
}) => {
  if (!states.length) return
  const rows = states.map((state) => ({
    resource_id: state.resource_id,
    url: state.url,
    ok: state.ok,
    fresh: state.fresh,
    changed: state.changed,
    error: state.error,
    http_status: state.http_status,
    ms: state.ms,
    bytes: state.bytes,
    keep_counts: state.counts === null,
    accepted: state.counts?.accepted ?? 0,
    refused: state.counts?.refused ?? 0,
    refusals: state.counts?.refusals ?? [],
    keep_validators: state.validators === null,
    etag: state.validators?.etag ?? null,
    last_modified: state.validators?.last_modified ?? null,
    body_hash: state.validators?.body_hash ?? null,
  }))
  await runSql({
    payload,
    req,
    query: sql`
      INSERT INTO rate_feeds AS f (resource_id, url, etag, last_modified, body_hash, fetched_at,
        fresh_at, changed_at, ok, error, http_status, ms, bytes, accepted, refused, refusals)
      SELECT t.resource_id, t.url,
        CASE WHEN t.keep_validators THEN old.etag ELSE t.etag END,
        CASE WHEN t.keep_validators THEN old.last_modified ELSE t.last_modified END,
        CASE WHEN t.keep_validators THEN old.body_hash ELSE t.body_hash END,
        now(),
        CASE WHEN t.fresh THEN now() ELSE old.fresh_at END,
        CASE WHEN t.changed THEN now() ELSE old.changed_at END,
        t.ok, t.error, t.http_status, t.ms, coalesce(t.bytes, old.bytes),
        CASE WHEN t.keep_counts THEN coalesce(old.accepted, 0) ELSE t.accepted END,
        CASE WHEN t.keep_counts THEN coalesce(old.refused, 0) ELSE t.refused END,
        CASE WHEN t.keep_counts THEN coalesce(old.refusals, '[]'::jsonb) ELSE t.refusals END
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS t(resource_id integer, url text,
        ok boolean, fresh boolean, changed boolean, error text, http_status integer, ms integer,
        bytes integer, keep_counts boolean, accepted integer, refused integer, refusals jsonb,
        keep_validators boolean, etag text, last_modified text, body_hash text)
      LEFT JOIN rate_feeds old ON old.resource_id = t.resource_id
      -- An exchanger deleted meanwhile has no feed to record.
      WHERE EXISTS (SELECT 1 FROM resources r WHERE r.id = t.resource_id)
      ON CONFLICT (resource_id) DO UPDATE SET
        url = EXCLUDED.url, etag = EXCLUDED.etag, last_modified = EXCLUDED.last_modified,
        body_hash = EXCLUDED.body_hash, fetched_at = EXCLUDED.fetched_at,
        fresh_at = EXCLUDED.fresh_at, changed_at = EXCLUDED.changed_at, ok = EXCLUDED.ok,
        error = EXCLUDED.error, http_status = EXCLUDED.http_status, ms = EXCLUDED.ms,
        bytes = EXCLUDED.bytes, accepted = EXCLUDED.accepted, refused = EXCLUDED.refused,
        refusals = EXCLUDED.refusals`,
  })
}

/**
 * Offers and feed states of exchangers that no longer `offersRates` (unverified, warned,
 * unpublished, feed cleared). Answers the resources whose offers went.
 */
export const forgetExchangersWithoutRates = async ({
  payload,
  req,
  resourceIds,
}: {
  payload: Payload
  req?: Req
  /** Only these exchangers (a cycle run for some); every one when not given. */
  resourceIds?: number[]
}) => {
  const { rows } = await runSql<{ resource_id: number }>({
    payload,
    req,
    query: sql`
      WITH gone AS (
        DELETE FROM exchange_rates e WHERE NOT EXISTS (
          SELECT 1 FROM resources r WHERE r.id = e.resource_id AND ${offersRates(sql.raw('r'))})
          ${onlyResources(sql.raw('e.resource_id'), resourceIds)}
        RETURNING e.resource_id
      ), feeds AS (
        DELETE FROM rate_feeds f WHERE NOT EXISTS (
          SELECT 1 FROM resources r WHERE r.id = f.resource_id AND ${offersRates(sql.raw('r'))})
          ${onlyResources(sql.raw('f.resource_id'), resourceIds)}
      )
      SELECT DISTINCT resource_id FROM gone`,
  })
  return rows.map((row) => row.resource_id)
}
