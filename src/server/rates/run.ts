import 'server-only'

import { randomUUID } from 'node:crypto'

import type { Payload } from 'payload'

import type { RateFeedError } from '@/lib/rates'
import { expireResourcePages } from '@/server/cacheExpiryBus'
import { env, serverUrl, siteName } from '@/server/env'
import { metrics } from '@/server/metrics'
import {
  recordRateHistoryHour,
  releaseRateFetchLease,
  takeRateFetchLease,
} from '@/server/sql/rateCycle'
import {
  type FeedState,
  type FeedToFetch,
  deleteOffers,
  forgetExchangersWithoutRates,
  listCurrencyCodes,
  listFeedsToFetch,
  recordFeedStates,
  replaceOffers,
} from '@/server/sql/rates'

import { type FeedFetchOptions, fetchFeed } from './fetchFeed'
import { parseFeed } from './parseFeed'
import { type CycleWriter, makeWriter } from './writer'

export type RatesSettings = FeedFetchOptions & { concurrency: number; periodSeconds: number }

/** The fetcher's settings from the environment (README, "Exchangers' rates"). */
export const ratesSettings = (): RatesSettings => ({
  periodSeconds: env().RATES_FETCH_SECONDS,
  concurrency: env().RATES_FETCH_CONCURRENCY,
  timeoutMs: env().RATES_FETCH_TIMEOUT_MS,
  maxBytes: env().RATES_FEED_MAX_BYTES,
  allowPrivate: env().RATES_FETCH_ALLOW_PRIVATE,
  userAgent: `${siteName}Rates/1.0 (+${serverUrl()}/about-us)`,
})

/** How a feed's fetch ended: written, confirmed by a 304 or by the same body, or failed. */
export type FetchOutcome = 'ok' | 'not-modified' | 'unchanged' | 'write-failed' | RateFeedError

export type RatesCycle = {
  skipped: boolean
  feeds: number
  outcomes: Record<string, number>
  /** Offers' rows inserted, updated and deleted. */
  rows: { inserted: number; updated: number; deleted: number }
  /** Resources whose set of directions changed (their pages were expired). */
  changed: number[]
  /** Time spent in the database's writes (summed over the concurrent ones). */
  dbMs: number
  ms: number
}

/**
 * A cycle lasts well under its period; a lease this long outlives any, so a cycle that died
 * (a killed worker) holds the next one back for a few periods only.
 */
const leaseSeconds = (settings: RatesSettings) =>
  Math.max(120, 5 * settings.periodSeconds, Math.ceil((3 * settings.timeoutMs) / 1000))

/**
 * One cycle of the fetcher: every exchanger's feed that `offersRates` (or only `resourceIds`'),
 * `concurrency` at a time, each fetched without a database connection held, then checked and
 * written in one short transaction of its own (its offers replaced whole, its feed's state
 * recorded), a few writes at a time. Then the offers of exchangers that no longer show rates go,
 * the hour of each direction's history is written, and the pages of exchangers whose directions
 * changed are expired. One cycle at a time across every process (the lease): a cycle that finds
 * it held does nothing.
 */
export const runRatesCycle = async ({
  payload,
  settings = ratesSettings(),
  resourceIds,
}: {
  payload: Payload
  settings?: RatesSettings
  /** Only these exchangers (the tests'); every one that offers rates if not given. */
  resourceIds?: number[]
}): Promise<RatesCycle> => {
  const started = performance.now()
  const holder = randomUUID()
  const cycle: RatesCycle = {
    skipped: false,
    feeds: 0,
    outcomes: {},
    rows: { inserted: 0, updated: 0, deleted: 0 },
    changed: [],
    dbMs: 0,
    ms: 0,
  }
  if (!(await takeRateFetchLease({ payload, holder, seconds: leaseSeconds(settings) }))) {
    return { ...cycle, skipped: true }
  }
  const changed = new Set<number>()
  try {
    const [feeds, currencies] = await Promise.all([
      listFeedsToFetch({ payload, resourceIds }),
      listCurrencyCodes(payload),
    ])
    cycle.feeds = feeds.length
    const writer = makeWriter(payload, cycle)
    let next = 0
    const fetcher = async () => {
      while (next < feeds.length) {
        const feed = feeds[next++]
        const outcome = await fetchAndWrite({ payload, feed, currencies, settings, writer, cycle })
        cycle.outcomes[outcome] = (cycle.outcomes[outcome] ?? 0) + 1
        metrics().rateFetches.inc({ outcome })
      }
    }
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, feeds.length) }, fetcher))
    await writer.flush()
    for (const id of cycle.changed) changed.add(id)
    const dbStarted = performance.now()
    for (const id of await forgetExchangersWithoutRates({ payload, resourceIds })) changed.add(id)
    await recordRateHistoryHour(payload)
    cycle.dbMs += performance.now() - dbStarted
  } finally {
    await releaseRateFetchLease({ payload, holder })
  }
  cycle.changed = [...changed]
  await expireResourcePages(payload, cycle.changed)
  cycle.ms = Math.round(performance.now() - started)
  cycle.dbMs = Math.round(cycle.dbMs)
  metrics().rateCycles.observe(cycle.ms / 1000)
  metrics().rateCycleFeeds.set(cycle.feeds)
  return cycle
}

/** Fetches one feed, checks it and writes what it found; answers how it ended. */
const fetchAndWrite = async ({
  payload,
  feed,
  currencies,
  settings,
  writer,
  cycle,
}: {
  payload: Payload
  feed: FeedToFetch
  currencies: ReadonlySet<string>
  settings: RatesSettings
  writer: CycleWriter
  cycle: RatesCycle
}): Promise<FetchOutcome> => {
  const fetched = await fetchFeed(
    feed.url,
    { etag: feed.etag, lastModified: feed.last_modified },
    settings,
  )
  const base = { resource_id: feed.resource_id, url: feed.url, http_status: null, ms: fetched.ms }
  let state: FeedState
  let offers: Parameters<typeof replaceOffers>[0]['offers'] | null = null
  let outcome: FetchOutcome
  if (fetched.kind === 'not-modified') {
    outcome = 'not-modified'
    state = { ...base, ...confirmed, http_status: 304 }
  } else if (fetched.kind === 'body' && fetched.hash === feed.body_hash) {
    outcome = 'unchanged'
    state = {
      ...base,
      ...confirmed,
      http_status: fetched.status,
      bytes: fetched.bytes,
      validators: {
        etag: fetched.etag,
        last_modified: fetched.lastModified,
        body_hash: fetched.hash,
      },
    }
  } else if (fetched.kind === 'body') {
    const parsed = parseFeed(fetched.body.toString('utf8'), currencies)
    if (parsed.ok) {
      outcome = 'ok'
      offers = parsed.offers
      metrics().rateItems.inc({ verdict: 'accepted' }, parsed.offers.length)
      metrics().rateItems.inc({ verdict: 'refused' }, parsed.refused)
      state = {
        ...base,
        ok: true,
        fresh: true,
        changed: false,
        error: null,
        http_status: fetched.status,
        bytes: fetched.bytes,
        counts: {
          accepted: parsed.offers.length,
          refused: parsed.refused,
          refusals: parsed.refusals,
        },
        validators: {
          etag: fetched.etag,
          last_modified: fetched.lastModified,
          body_hash: fetched.hash,
        },
      }
    } else {
      outcome = parsed.error
      state = failed({ ...base, http_status: fetched.status, bytes: fetched.bytes }, parsed.error)
    }
  } else {
    outcome = fetched.error
    state = failed({ ...base, http_status: fetched.status, bytes: fetched.bytes }, fetched.error)
  }
  // The old address's counts are not the new one's: a changed feed that fails shows none.
  if (feed.url_changed && state.counts === null && !state.ok) {
    state.counts = { accepted: 0, refused: 0, refusals: [] }
  }
  if (!offers && !feed.url_changed) {
    await writer.recordLater(state)
    return outcome
  }
  try {
    const { rows, directionsMoved } = await writer.inTransaction(async (req) => {
      const cleared = feed.url_changed
        ? await deleteOffers({ payload, req, resourceId: feed.resource_id })
        : 0
      const written = offers
        ? await replaceOffers({ payload, req, resourceId: feed.resource_id, offers })
        : { inserted: 0, updated: 0, deleted: 0 }
      state.changed = written.inserted + written.updated + written.deleted > 0
      await recordFeedStates({ payload, req, states: [state] })
      return {
        rows: written,
        directionsMoved: cleared > 0 || written.inserted > 0 || written.deleted > 0,
      }
    })
    // Counted once committed.
    cycle.rows.inserted += rows.inserted
    cycle.rows.updated += rows.updated
    cycle.rows.deleted += rows.deleted
    if (directionsMoved) cycle.changed.push(feed.resource_id)
  } catch (error) {
    // The database refused the write (the feed is not at fault): the old offers and state stay.
    payload.logger.error(
      { err: error, resourceId: feed.resource_id },
      'Rates: a feed could not be written',
    )
    return 'write-failed'
  }
  return outcome
}

/** A feed that answered with its rates unchanged (a 304, or the same body): fresh again. */
const confirmed = {
  ok: true,
  fresh: true,
  changed: false,
  error: null,
  bytes: null,
  counts: null,
  validators: null,
} as const

/** A failed fetch: recorded, its validators forgotten, its offers left to go stale. */
const failed = (
  base: Pick<FeedState, 'resource_id' | 'url' | 'http_status' | 'ms' | 'bytes'>,
  error: RateFeedError,
): FeedState => ({
  ...base,
  ok: false,
  fresh: false,
  changed: false,
  error,
  counts: null,
  validators: { etag: null, last_modified: null, body_hash: null },
})
