import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload, PayloadRequest } from 'payload'

import { offersRates } from './rateExchangers'
import { runSql } from './run'

/** An exchanger's feed as its health panel reads it: the resource's side and the last fetch's. */
export type RateFeedHealthRow = {
  id: number
  status: string
  verified: boolean
  public_status: string | null
  rates_feed: string | null
  /** Whether its rates are fetched and shown now (`offersRates`). */
  offers_rates: boolean
  /** The last fetch of the feed now set; all null when it has not been fetched yet. */
  fetched_at: string | null
  fresh_at: string | null
  changed_at: string | null
  ok: boolean | null
  error: string | null
  http_status: number | null
  ms: number | null
  bytes: number | null
  accepted: number | null
  refused: number | null
  refusals: unknown
  /** Its current offers, as the pages may show them. */
  offers: number
}

/**
 * The feed health of exchangers (not cached: the owner watches it change). A fetch of a feed the
 * owner has since replaced is not this feed's: it reads as not fetched yet.
 */
export const readRateFeedHealth = async ({
  payload,
  req,
  resourceIds,
}: {
  payload: Payload
  req?: Partial<PayloadRequest>
  resourceIds: number[]
}): Promise<RateFeedHealthRow[]> =>
  resourceIds.length
    ? (
        await runSql<RateFeedHealthRow>({
          payload,
          req,
          query: sql`SELECT r.id, r.status::text AS status, coalesce(r.verified, false) AS verified,
              r.public_status::text AS public_status, r.rates_feed,
              ${offersRates()} AS offers_rates,
              f.fetched_at, f.fresh_at, f.changed_at, f.ok, f.error, f.http_status, f.ms, f.bytes,
              f.accepted, f.refused, f.refusals,
              (SELECT count(*)::int FROM exchange_rates e WHERE e.resource_id = r.id) AS offers
            FROM resources r
            LEFT JOIN rate_feeds f ON f.resource_id = r.id AND f.url = r.rates_feed
            WHERE r.type = 'exchanger'
              AND r.id IN (SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(resourceIds)}::jsonb))
            ORDER BY r.id`,
        })
      ).rows
    : []
