import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'

import { RATES_HISTORY_DAYS } from '@/lib/rates'

import { isFresh, offersRates } from './rateExchangers'
import { runSql } from './run'

/**
 * What the rates fetcher's cycle reads and writes around the feeds (src/server/rates/run.ts):
 * each direction's hourly history, the feeds' figures, the lease. The offers and the feeds'
 * states are src/server/sql/rates.ts's.
 */

/**
 * This hour of each direction, from the fresh offers of exchangers that offer rates: the best
 * rate, the median, how many offer it and their whole reserve. A later cycle in the same hour
 * writes the hour again, so the hour holds its last cycle's figures.
 */
export const recordRateHistoryHour = async (payload: Payload) =>
  (
    await runSql({
      payload,
      query: sql`
        INSERT INTO exchange_rate_history (from_code, to_code, hour, best_rate, median_rate,
          offers, reserve)
        SELECT e.from_code, e.to_code, date_trunc('hour', now()), max(e.rate),
          (percentile_cont(0.5) WITHIN GROUP (ORDER BY e.rate))::numeric, count(*), sum(e.reserve)
        FROM exchange_rates e
        JOIN resources r ON r.id = e.resource_id
        JOIN rate_feeds f ON f.resource_id = e.resource_id
        WHERE ${offersRates(sql.raw('r'), sql.raw('f'))} AND ${isFresh()}
        GROUP BY e.from_code, e.to_code
        ON CONFLICT (from_code, to_code, hour) DO UPDATE SET
          best_rate = EXCLUDED.best_rate, median_rate = EXCLUDED.median_rate,
          offers = EXCLUDED.offers, reserve = EXCLUDED.reserve`,
    })
  ).rowCount

/** History hours older than RATES_HISTORY_DAYS (the hourly clean-up). */
export const deleteOldRateHistory = async (payload: Payload) =>
  (
    await runSql({
      payload,
      query: sql`DELETE FROM exchange_rate_history
        WHERE hour < now() - make_interval(days => ${RATES_HISTORY_DAYS})`,
    })
  ).rowCount

/**
 * How the feeds stand, for the metrics and the worker's health: feeds of exchangers that offer
 * rates, how many of them are stale, and the seconds since any was last fetched (null: never).
 */
export const rateFeedFigures = async (payload: Payload) => {
  const { rows } = await runSql<{
    feeds: number
    stale: number
    last_fetch_seconds: number | null
  }>({
    payload,
    query: sql`SELECT count(*)::int AS feeds,
        (count(*) FILTER (WHERE NOT ${isFresh()}))::int AS stale,
        extract(epoch FROM now() - max(f.fetched_at))::float8 AS last_fetch_seconds
      FROM resources r LEFT JOIN rate_feeds f ON f.resource_id = r.id AND f.url = r.rates_feed
      WHERE ${offersRates(sql.raw('r'))}`,
  })
  return rows[0]
}

/**
 * The fetcher's lease (table `rate_fetch_lease`, one row): one cycle at a time across every
 * process that runs jobs, holding no connection while it waits on the network. A cycle that died
 * lets go when its lease ends (`seconds`).
 */
export const takeRateFetchLease = async ({
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
      query: sql`INSERT INTO rate_fetch_lease (id, holder, until)
        VALUES (1, ${holder}, now() + make_interval(secs => ${seconds}))
        ON CONFLICT (id) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
        WHERE rate_fetch_lease.until < now()
        RETURNING id`,
    })
  ).rowCount === 1

/** Ends the lease `holder` took (a lease taken over since is left alone). */
export const releaseRateFetchLease = async ({
  payload,
  holder,
}: {
  payload: Payload
  holder: string
}) => {
  await runSql({
    payload,
    query: sql`UPDATE rate_fetch_lease SET until = now() WHERE id = 1 AND holder = ${holder}`,
  })
}
