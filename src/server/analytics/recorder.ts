import 'server-only'

import { LRUCache } from 'lru-cache'
import type { Payload } from 'payload'

import { dayOf } from '@/lib/analytics'
import { env } from '@/server/env'
import { addTrackedBatch } from '@/server/sql/analytics'

import {
  type CounterStore,
  type Hit,
  MemoryStore,
  RedisStore,
  flushMs,
  redisUrl,
} from './counterStores'

/**
 * The browser's counts (views, unique visitors, clicks) on their way to the database. Recording
 * never waits on it: `record` adds to counters in memory, or in Redis when REDIS_URL is set (every
 * instance adds into the same counters), and a flush every ANALYTICS_FLUSH_SECONDS (5) writes them
 * in one statement, one upsert per resource and day (`addTrackedBatch`). A flush that fails keeps
 * its counts for the next one. What a crash loses: in memory, the counts since the last flush; in
 * Redis, nothing the Redis server keeps. While Redis is away, each instance counts in its own
 * memory: nothing is lost, but a visitor seen on both sides of the outage is counted as unique
 * twice that day, and a hit that timed out on a paused Redis may be counted twice once it wakes.
 *
 * Unique visitors are counted the way privacy-first analytics count them: a hash of the address,
 * the user agent and the resource with a salt of the day, kept only in memory (or Redis) and only
 * for the day. The salt is random, made on the day's first visit and forgotten when the day ends,
 * so no two days can be linked and no address or hash reaches the database.
 */

/**
 * The process's recorder: its stores, the flush timer, and the payload it writes through. With
 * REDIS_URL the shared counters come first and this process's own memory second: a hit Redis
 * cannot take (away, or not answering within half a second) is counted in memory and written by
 * the next flush all the same.
 */
type Recorder = { stores: CounterStore[]; payload: Payload | null; timer: NodeJS.Timeout | null }

const globalRecorder = globalThis as typeof globalThis & { analyticsRecorder?: Recorder }

const recorder = (): Recorder =>
  (globalRecorder.analyticsRecorder ??= {
    stores: redisUrl() ? [new RedisStore(), new MemoryStore()] : [new MemoryStore()],
    payload: null,
    timer: null,
  })

let warned = false
const warnOnce = (payload: Payload | null, error: unknown) => {
  if (warned) return
  warned = true
  payload?.logger.warn({ err: error, msg: 'analytics: counts are kept until the next flush' })
}

/**
 * Counts one hit now (UTC day), and makes sure the flush runs. Never throws, never fails a page:
 * with Redis away the hit is counted in this process's memory (logged once).
 */
export const record = async (payload: Payload, hit: Hit, at = new Date()) => {
  const state = recorder()
  state.payload = payload
  state.timer ??= setInterval(() => void flush(), flushMs()).unref()
  for (const store of state.stores) {
    try {
      return await store.add(dayOf(at), hit)
    } catch (error) {
      warnOnce(payload, error)
    }
  }
}

let flushing: Promise<number> | null = null

/**
 * Writes what was counted since the last flush; answers how many resource-days it wrote. One
 * flush at a time per process (and across processes with Redis); a failure keeps the counts.
 */
export const flush = (): Promise<number> => {
  flushing ??= (async () => {
    const state = recorder()
    let written = 0
    for (const store of state.stores) written += await flushStore(state.payload, store)
    return written
  })().finally(() => {
    flushing = null
  })
  return flushing
}

let flushedAt: number | null = null

/** When this process last wrote counts (null: never yet), for the metrics' flush lag. */
export const lastFlushAt = () => flushedAt

/** Writes one store's batch; how many resource-days it wrote. A failure keeps the counts. */
const flushStore = async (payload: Payload | null, store: CounterStore) => {
  if (!payload) return 0
  let batch: Awaited<ReturnType<CounterStore['take']>> = null
  try {
    batch = await store.take()
    if (!batch) return 0
    await addTrackedBatch({ payload, batchId: batch.id, rows: batch.rows })
    await store.written(batch.id)
    flushedAt = Date.now()
    warned = false
    return batch.rows.length
  } catch (error) {
    if (batch) store.kept(batch.id)
    warnOnce(payload, error)
    return 0
  }
}

/** For the tests: forget this process's recorder (its counters and salts) and stop its timer. */
export const resetRecorder = () => {
  const state = globalRecorder.analyticsRecorder
  if (state?.timer) clearInterval(state.timer)
  for (const store of state?.stores ?? []) if (store instanceof RedisStore) store.close()
  globalRecorder.analyticsRecorder = undefined
}

/** For the tests: whether the in-memory recorder still knows anything of `day`'s visitors. */
export const remembersVisitorsOf = (day: string) =>
  (globalRecorder.analyticsRecorder?.stores ?? []).some(
    (store) => store instanceof MemoryStore && store.knowsDay(day),
  )

/**
 * Per-address cap on the track call: `ANALYTICS_ADDRESS_CAP` reports a minute (120), counted in
 * this process; the rest are refused (429) and not counted.
 */
const capPerMinute = () => env().ANALYTICS_ADDRESS_CAP
const calls = new LRUCache<string, { count: number }>({ max: 50_000, ttl: 60_000 })

export const withinAddressCap = (address: string) => {
  const entry = calls.get(address, { updateAgeOnGet: false })
  if (!entry) {
    calls.set(address, { count: 1 })
    return true
  }
  entry.count += 1
  return entry.count <= capPerMinute()
}
