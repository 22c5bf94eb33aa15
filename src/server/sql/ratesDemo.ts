import 'server-only'

import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'

import { runSql } from './run'

type DemoOffer = {
  from: string
  to: string
  in: string
  out: string
  amount: string
  minamount: string
  maxamount: string
}

/**
 * The demo's record of a feed fetched with valid rates at `at` and not since (src/seed/rates.ts):
 * the feed's state and its offers as the fetcher would have written them then, so the demo shows
 * a stale feed at once. A feed already recorded is left as it is (the seed runs again unchanged).
 */
export const recordDemoFetchedRates = async ({
  payload,
  resourceId,
  url,
  offers,
  at,
}: {
  payload: Payload
  resourceId: number
  url: string
  offers: DemoOffer[]
  at: Date
}) => {
  const { rowCount } = await runSql({
    payload,
    query: sql`INSERT INTO rate_feeds (resource_id, url, fetched_at, fresh_at, changed_at, ok,
        http_status, ms, bytes, accepted, refused)
      VALUES (${resourceId}, ${url}, ${at.toISOString()}, ${at.toISOString()}, ${at.toISOString()},
        true, 200, 84, ${JSON.stringify(offers).length}, ${offers.length}, 0)
      ON CONFLICT (resource_id) DO NOTHING`,
  })
  if (!rowCount) return 0
  await runSql({
    payload,
    query: sql`INSERT INTO exchange_rates (resource_id, from_code, to_code, rate_in, rate_out,
        reserve, min_amount, max_amount, updated_at)
      SELECT ${resourceId}, o.from, o.to, o.in::numeric, o.out::numeric, o.amount::numeric,
        o.minamount::numeric, o.maxamount::numeric, ${at.toISOString()}
      FROM jsonb_to_recordset(${JSON.stringify(offers)}::jsonb)
        AS o("from" text, "to" text, "in" text, "out" text, amount text, minamount text, maxamount text)
      ON CONFLICT DO NOTHING`,
  })
  return offers.length
}
