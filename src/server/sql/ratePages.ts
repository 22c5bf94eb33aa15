import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'

import type { CurrencyKind } from '@/lib/rates'

import { isFresh, offersRates } from './rateExchangers'
import { runSql } from './run'

/**
 * What the public rates pages read (issue 48). Every read of offers joins the exchanger by
 * `offersRates` with its feed's state (an exchanger warned, unverified or whose feed address
 * changed since the fetch is out at once) and both currencies (an offer in a code admins removed
 * is not shown). Fresh means the feed answered within RATES_STALE_SECONDS.
 */

/** The offers of the site's exchangers with both currencies listed, as `e`, `r` and `f`. */
const shownOffers = sql`exchange_rates e
  JOIN resources r ON r.id = e.resource_id
  JOIN rate_feeds f ON f.resource_id = e.resource_id
  JOIN currencies cf ON cf.code = e.from_code
  JOIN currencies ct ON ct.code = e.to_code`

export type CurrencyRow = { code: string; kind: CurrencyKind; unit: string; name: string }

/** Every listed currency with its name in `locale` (Russian's when it has none), by kind and name. */
export const readCurrencies = async ({ payload, locale }: { payload: Payload; locale: string }) =>
  (
    await runSql<CurrencyRow>({
      payload,
      query: sql`
        SELECT c.code, c.kind::text AS kind, c.unit, coalesce(l.name, ru.name, c.code) AS name
        FROM currencies c
        LEFT JOIN currencies_locales l ON l._parent_id = c.id AND l._locale = ${locale}
        LEFT JOIN currencies_locales ru ON ru._parent_id = c.id AND ru._locale = 'ru'
        ORDER BY c.kind, lower(coalesce(l.name, ru.name, c.code)), c.code`,
    })
  ).rows

export type OfferRow = {
  resource_id: number
  slug: string
  type: string
  title: string | null
  title_locale: string | null
  site: string | null
  rating_average: string | number | null
  review_count: number | null
  verified: boolean
  rate_in: string
  rate_out: string
  reserve: string
  min_amount: string | null
  max_amount: string | null
  fresh_at: Date | string | null
}

/** The most offers a direction's page lists (the best of them; the rest would only weigh). */
export const DIRECTION_OFFERS_MAX = 300

/**
 * A direction's offers: fresh first, best rate first, the stale after them; with the exchanger's
 * title in `locale` (else in the language it has, as its page shows it), address and marks. The direction's rows are taken first,
 * through exchange_rates_direction_idx (a CTE the planner keeps apart: left to itself it walked
 * every shown exchanger's primary key, 100 ms at 200,000 rates), and the currencies are checked
 * once, not per row.
 */
export const readDirectionOffers = async ({
  payload,
  from,
  to,
  locale,
}: {
  payload: Payload
  from: string
  to: string
  locale: string
}) =>
  (
    await runSql<OfferRow>({
      payload,
      query: sql`
        WITH e AS MATERIALIZED (
          SELECT * FROM exchange_rates
          WHERE from_code = ${from} AND to_code = ${to}
            AND EXISTS (SELECT 1 FROM currencies WHERE code = ${from})
            AND EXISTS (SELECT 1 FROM currencies WHERE code = ${to})
        )
        SELECT e.resource_id, r.slug, r.type::text AS type,
          coalesce(shown.title, other.title) AS title,
          CASE WHEN shown.title IS NOT NULL THEN ${locale} ELSE other._locale::text END
            AS title_locale,
          (SELECT l.url FROM resources_links l WHERE l._parent_id = r.id ORDER BY l._order LIMIT 1)
            AS site,
          r.rating_average, r.review_count, r.verified,
          e.rate_in::text, e.rate_out::text, e.reserve::text,
          e.min_amount::text, e.max_amount::text, f.fresh_at
        FROM e
        JOIN resources r ON r.id = e.resource_id
        JOIN rate_feeds f ON f.resource_id = e.resource_id
        LEFT JOIN resources_locales shown ON shown._parent_id = r.id AND shown._locale = ${locale}
        LEFT JOIN resources_locales other
          ON other._parent_id = r.id AND other._locale <> ${locale} AND other.title IS NOT NULL
        WHERE ${offersRates(sql.raw('r'), sql.raw('f'))}
        ORDER BY ${isFresh(sql.raw('f'))} DESC, e.rate DESC, e.reserve DESC, e.resource_id
        LIMIT ${DIRECTION_OFFERS_MAX}`,
    })
  ).rows

export type DirectionRow = { from_code: string; to_code: string; offers: number }

/** The directions most exchangers offer fresh, most first: the popular ones. */
export const readPopularDirections = async ({
  payload,
  limit,
}: {
  payload: Payload
  limit: number
}) =>
  (
    await runSql<DirectionRow>({
      payload,
      query: sql`
        SELECT e.from_code, e.to_code, count(*)::int AS offers
        FROM ${shownOffers}
        WHERE ${offersRates(sql.raw('r'), sql.raw('f'))} AND ${isFresh(sql.raw('f'))}
        GROUP BY e.from_code, e.to_code
        ORDER BY offers DESC, e.from_code, e.to_code
        LIMIT ${limit}`,
    })
  ).rows

/**
 * The directions an exchanger offers (fresh or not: its page lists what it trades, without the
 * figures, which would go stale in that long-cached page), in the order of their codes.
 */
export const readResourceDirections = async ({
  payload,
  resourceId,
}: {
  payload: Payload
  resourceId: number
}) =>
  (
    await runSql<Omit<DirectionRow, 'offers'>>({
      payload,
      query: sql`
        SELECT e.from_code, e.to_code
        FROM ${shownOffers}
        WHERE e.resource_id = ${resourceId} AND ${offersRates(sql.raw('r'), sql.raw('f'))}
        ORDER BY e.from_code, e.to_code`,
    })
  ).rows

/** The other directions from `from` with fresh offers, most offered first. */
export const readDirectionsFrom = async ({
  payload,
  from,
  limit,
}: {
  payload: Payload
  from: string
  limit: number
}) =>
  (
    await runSql<DirectionRow>({
      payload,
      query: sql`
        SELECT e.from_code, e.to_code, count(*)::int AS offers
        FROM ${shownOffers}
        WHERE e.from_code = ${from} AND ${offersRates(sql.raw('r'), sql.raw('f'))}
        GROUP BY e.from_code, e.to_code
        ORDER BY offers DESC, e.to_code
        LIMIT ${limit}`,
    })
  ).rows
