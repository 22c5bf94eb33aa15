import 'server-only'

import { type SQL, sql } from 'drizzle-orm'

import { RATES_STALE_SECONDS } from '@/lib/rates'

/**
 * The exchangers whose rates are fetched and shown (issue 48): published exchangers, verified, with
 * no public status (a warning, scam, closed or offline mark takes them out), whose feed is the
 * one the rates were fetched from. The fetcher picks its feeds by it and every read of offers
 * joins it, so an exchanger that loses its mark or changes its feed drops out of the pages at
 * once, before the next fetch. `r` names the resources' row; `f`, when given, the feed's state.
 */
export const offersRates = (r: SQL = sql.raw('r'), f?: SQL): SQL =>
  sql`(${r}.type = 'exchanger' AND ${r}.status = 'published' AND ${r}.verified = true
    AND coalesce(${r}.public_status::text, 'none') = 'none'
    AND ${r}.rates_feed IS NOT NULL AND ${r}.rates_feed <> ''
    ${f ? sql`AND ${f}.url = ${r}.rates_feed` : sql``})`

/**
 * Whether the feed's state `f` answered with valid rates within RATES_STALE_SECONDS; false (never
 * null) for a feed that never did, so it can be ordered and counted by.
 */
export const isFresh = (f: SQL = sql.raw('f')): SQL =>
  sql`(${f}.fresh_at IS NOT NULL AND ${f}.fresh_at >= now() - make_interval(secs => ${RATES_STALE_SECONDS}))`
