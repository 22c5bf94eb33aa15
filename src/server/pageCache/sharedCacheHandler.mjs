// @ts-check
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { MAX_TTL_SECONDS, openRedisPageStore } from './redisPageStore.mjs'

/**
 * Next's cache handler (`cacheHandler` in next.config.mjs). With REDIS_URL, the pages of the
 * full-route cache and the reads of `unstable_cache` live in Redis for every instance, and so does
 * each tag's expiry (redisPageStore.mjs), with a bounded copy of the hot ones in each instance's
 * memory that Redis confirms current at every read (the near tier). Next makes one handler per
 * request; the connection is the process's. Without REDIS_URL, while Redis is away, and in a
 * build or in development, it is Next's own handler (the instance's memory, `cacheMaxMemorySize`).
 * Either way a page's HTML is kept as bytes (`packed`).
 */

const require = createRequire(import.meta.url)
const { PHASE_PRODUCTION_BUILD } = require('next/constants')
const { NEXT_CACHE_TAGS_HEADER } = require('next/dist/lib/constants')
/** @type {new (ctx: any) => NextHandler} */
const FileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache').default
const {
  areTagsExpired,
  areTagsStale,
} = require('next/dist/server/lib/incremental-cache/tags-manifest.external')

/**
 * @typedef {{
 *   get(key: string, ctx: any): Promise<any>,
 *   set(key: string, data: any, ctx: any): Promise<void>,
 *   revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>,
 *   resetRequestCache(): void,
 * }} NextHandler
 * @typedef {ReturnType<typeof openRedisPageStore>} PageStore
 */

/** A page that revalidates every 60 s is kept ten times that: stale, it is still served at once. */
const KEPT_REVALIDATIONS = 10

/** The tags an entry carries: a page's from its tags header, a cached read's from its context. */
const tagsOf = (/** @type {any} */ data, /** @type {any} */ ctx) => {
  if (ctx.fetchCache) return [...(ctx.tags ?? []), ...(data?.tags ?? [])]
  const header = data?.headers?.[NEXT_CACHE_TAGS_HEADER]
  return typeof header === 'string' ? header.split(',').filter(Boolean) : []
}

/** How long Redis keeps an entry: long enough to serve it stale, never past its expiry or a day. */
const ttlOf = (/** @type {any} */ data, /** @type {any} */ ctx) => {
  const revalidate = ctx.fetchCache ? data?.revalidate : ctx.cacheControl?.revalidate
  const expire = ctx.fetchCache ? undefined : ctx.cacheControl?.expire
  let ttl = MAX_TTL_SECONDS
  if (typeof revalidate === 'number' && revalidate > 0) ttl = revalidate * KEPT_REVALIDATIONS
  if (typeof expire === 'number' && expire > 0) ttl = Math.min(ttl, expire)
  return Math.max(1, Math.min(MAX_TTL_SECONDS, Math.ceil(ttl)))
}

/**
 * Whether one of `tags` was expired or marked stale after the millisecond `since`, by Next's own
 * reading of this process's tags manifest (where every write's tags arrive, another instance's
 * through the cache expiry bus). Within the same millisecond a render has not read the database.
 */
const changedSince = (/** @type {string[]} */ tags, /** @type {number} */ since) =>
  areTagsExpired(tags, since) || areTagsStale(tags, since)

/**
 * A page's HTML is kept as its UTF-8 bytes, outside V8's heap: as a string it takes two bytes a
 * character there (the Russian pages), and V8 lets the heap grow to a multiple of what it holds
 * (bench/README, "Pages outside the heap"). Next is handed a string again, sent with its ETag.
 */
const packed = (/** @type {any} */ data) =>
  data?.kind === 'APP_PAGE' && typeof data.html === 'string'
    ? { ...data, html: Buffer.from(data.html) }
    : data

const unpacked = (/** @type {any} */ value) =>
  value?.kind === 'APP_PAGE' && Buffer.isBuffer(value.html)
    ? { ...value, html: value.html.toString() }
    : value

/**
 * A cache handler class over the store `storeOf` gives for Next's context (null: Next's own
 * handler only). The tests make two, as two instances would be.
 *
 * @param {(ctx: any) => PageStore | null} storeOf
 */
export const sharedCacheHandler = (storeOf) =>
  class SharedCacheHandler {
    /** @param {any} ctx */
    constructor(ctx) {
      this.store = storeOf(ctx)
      this.local = new FileSystemCache(ctx)
      /** When the request began, before anything it renders read the database. */
      this.startedAt = Date.now()
    }

    /** @param {string} key @param {any} ctx */
    async get(key, ctx) {
      if (!this.store?.isShared()) {
        const found = countRead('memory', await this.local.get(key, ctx))
        return found && { ...found, value: unpacked(found.value) }
      }
      const extraTags = ctx.kind === 'FETCH' ? [...(ctx.tags ?? []), ...(ctx.softTags ?? [])] : []
      const entry = countRead('redis', await this.store.read(key, extraTags))
      if (!entry) return null
      const { value, cacheControl } = /** @type {any} */ (entry.value)
      return { lastModified: entry.lastModified, value: unpacked(value), cacheControl }
    }

    /**
     * Keeps what the request rendered, unless a write expired one of its tags meanwhile: a render
     * that read the database before that write committed and finished after it would be stored as
     * newer than the expiry, and served as current until its time ran out (an unpublished news
     * item listed for another minute). The next visit renders it instead.
     * @param {string} key @param {any} data @param {any} ctx
     */
    async set(key, data, ctx) {
      const tags = tagsOf(data, ctx)
      if (changedSince(tags, this.startedAt)) return
      const cacheControl = ctx.fetchCache ? undefined : ctx.cacheControl
      const value = packed(data)
      const isStored = await this.store?.write(
        key,
        { value, cacheControl },
        { tags, ttl: ttlOf(data, ctx) },
      )
      if (!isStored) await this.local.set(key, value, ctx)
    }

    /**
     * Expires the tags in Redis for every instance, and in this process's own tags manifest,
     * which Next checks for every entry whichever handler gave it.
     * @param {string | string[]} tags
     * @param {{ expire?: number }} [durations]
     */
    async revalidateTag(tags, durations) {
      const list = typeof tags === 'string' ? [tags] : tags
      await this.local.revalidateTag(list, durations)
      await this.store?.expireTags(list)
    }

    resetRequestCache() {}
  }

/**
 * The process's reads of the page cache, by store and result, which the metrics report
 * (src/server/metrics.ts, `obzor_page_cache_reads_total`).
 */
const READS = Symbol.for('obzor.pageCacheReads')

/**
 * Counts one read; answers what was read.
 * @template T
 * @param {'memory' | 'redis'} store
 * @param {T} found
 * @returns {T}
 */
const countRead = (store, found) => {
  const all = /** @type {any} */ (globalThis)
  all[READS] ??= { memory: { hit: 0, miss: 0 }, redis: { hit: 0, miss: 0 } }
  all[READS][store][found ? 'hit' : 'miss'] += 1
  return found
}

const PROCESS_STORE = Symbol.for('obzor.sharedPageCache')

/** The build this server serves, from its output: each build's pages have their own keys. */
const buildIdOf = (/** @type {any} */ ctx) => {
  try {
    return readFileSync(path.join(ctx.serverDistDir, '..', 'BUILD_ID'), 'utf8').trim()
  } catch {
    return 'unknown-build'
  }
}

/**
 * The process's store, opened at the first request: Redis when REDIS_URL is set and this is a
 * production server (a build renders into its own output, development renders every visit).
 * Kept on `globalThis`, where the cache expiry bus finds it (src/server/cacheExpiryBus.ts).
 */
const processStore = (/** @type {any} */ ctx) => {
  const url = process.env.REDIS_URL
  if (!url || ctx.dev || process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return null
  const state = /** @type {{ [PROCESS_STORE]?: PageStore }} */ (globalThis)
  state[PROCESS_STORE] ??= openRedisPageStore({
    url,
    prefix: `obzor:pages:${buildIdOf(ctx)}:`,
    // The near tier holds what Next's own memory cache would (cacheMaxMemorySize).
    nearBytes: ctx.maxMemoryCacheSize || undefined,
    log: { away: (line) => console.error(line), back: (line) => console.info(line) },
  })
  return state[PROCESS_STORE]
}

export default sharedCacheHandler(processStore)
