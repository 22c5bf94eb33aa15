// @ts-check
import { deserialize, serialize } from 'node:v8'

import { Redis, ReplyError } from 'ioredis'
import { LRUCache } from 'lru-cache'

/**
 * The pages and cached reads every instance shares, in Redis (REDIS_URL), for the Next cache
 * handler beside this file. Plain JavaScript: Next loads the handler itself, outside the app's
 * bundles and without a compiler (and so without `server-only`, which only the app's bundles
 * resolve).
 *
 * An entry is a hash: `m`, when it was stored (Redis's clock, the one every instance shares),
 * `w`, the write's version (one counter for all), `t`, its tags, and `v`, the value as V8
 * serialises it (buffers stay buffers: no JSON of a page's RSC bytes). A tag's expiry is its time
 * in one hash; an entry is read only if none of its tags expired since it was stored, checked by
 * Redis in the same call that reads it, so a write on one instance is a miss on every other at
 * once.
 *
 * Each instance keeps the entries it last read or wrote in its own memory too, up to `nearBytes`
 * (the near tier): a read still asks Redis whether the entry is current (its tags, the epoch,
 * and whether another instance stored a newer one), but the value crosses the network and is
 * decoded only when this instance's copy is not the one Redis holds.
 *
 * Redis away never fails a request: every command has a short timeout and none waits in a queue;
 * the first failure marks the store away (logged once) and the handler uses the instance's memory
 * until a probe finds Redis again (logged once). Tags expired meanwhile may have missed Redis, so
 * coming back moves the store's epoch to that moment: whatever was stored before it is stale.
 */

/** A command that takes longer than this is given up: a hung Redis costs a request this, once. */
export const COMMAND_TIMEOUT_MS = 500
/** How often a store that is away asks Redis whether it is back. */
const PROBE_MS = 1000
/** No entry, tag or epoch outlives a day without being written again. */
export const MAX_TTL_SECONDS = 24 * 60 * 60
/** The near tier's bound when none is given: Next's own memory cache's (next.config.mjs). */
const NEAR_BYTES = 64 * 1024 * 1024

/** @typedef {{ version: string, value: unknown, size: number }} NearEntry */

/**
 * The entry's time, value and version if it is current; its time alone when its version is
 * ARGV[2], the version of the copy the instance holds (which is then current too). A version is
 * one write's own (a counter), where two writes may share a millisecond.
 */
const READ = `
local entry = redis.call('HMGET', KEYS[1], 'm', 't', 'w')
if not entry[1] then return false end
local stored = tonumber(entry[1])
if stored <= tonumber(redis.call('GET', KEYS[3]) or '0') then return false end
local tags = {}
for tag in string.gmatch(entry[2] .. ',' .. ARGV[1], '[^,]+') do tags[#tags + 1] = tag end
if #tags > 0 then
  for _, expired in ipairs(redis.call('HMGET', KEYS[2], unpack(tags))) do
    if expired and tonumber(expired) >= stored then return false end
  end
end
if entry[3] == ARGV[2] then return {entry[1]} end
return {entry[1], redis.call('HGET', KEYS[1], 'v'), entry[3]}`

const NOW = `local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)`

const WRITE = `${NOW}
local version = redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[4])
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'm', now, 't', ARGV[1], 'v', ARGV[2], 'w', version)
redis.call('EXPIRE', KEYS[1], ARGV[3])
return version`

const EXPIRE_TAGS = `${NOW}
for i = 2, #ARGV do redis.call('HSET', KEYS[1], ARGV[i], now) end
redis.call('EXPIRE', KEYS[1], ARGV[1])
return now`

const MOVE_EPOCH = `${NOW}
redis.call('SET', KEYS[1], now, 'EX', ARGV[1])
return now`

/**
 * @typedef {{ lastModified: number, value: unknown }} StoredEntry
 * @typedef {(message: string) => void} Log
 * @typedef {{
 *   readEntry(entry: string, tags: string, epoch: string, extraTags: string, held: string): Promise<[Buffer, Buffer?, Buffer?] | null>,
 *   writeEntry(entry: string, versions: string, tags: string, value: Buffer, ttl: number, versionsTtl: number): Promise<number>,
 *   expireTags(tags: string, ttl: number, ...names: string[]): Promise<number>,
 *   moveEpoch(epoch: string, ttl: number): Promise<number>,
 * }} Scripts
 */

/** `redis://host:port` without a password, for the log. */
const addressOf = (/** @type {string} */ url) => {
  try {
    const { host } = new URL(url)
    return host || url
  } catch {
    return 'Redis'
  }
}

/**
 * A connection to the shared store under `prefix` (one per build, so a deployment never reads an
 * older build's pages). `log` receives the two lines of an outage, its start and its end.
 *
 * `nearBytes` bounds the near tier (about the bytes of the values as stored).
 *
 * @param {{ url: string, prefix: string, log: { away: Log, back: Log }, commandTimeoutMs?: number, nearBytes?: number }} options
 */
export const openRedisPageStore = ({
  url,
  prefix,
  log,
  commandTimeoutMs = COMMAND_TIMEOUT_MS,
  nearBytes = NEAR_BYTES,
}) => {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: Math.max(1000, commandTimeoutMs),
    retryStrategy: (times) => Math.min(times * 200, 2000),
  })
  client.defineCommand('readEntry', { numberOfKeys: 3, lua: READ })
  client.defineCommand('writeEntry', { numberOfKeys: 2, lua: WRITE })
  client.defineCommand('expireTags', { numberOfKeys: 1, lua: EXPIRE_TAGS })
  client.defineCommand('moveEpoch', { numberOfKeys: 1, lua: MOVE_EPOCH })
  const scripts = /** @type {Scripts} */ (
    /** @type {unknown} */ ({
      readEntry: (/** @type {unknown[]} */ ...args) =>
        /** @type {any} */ (client).readEntryBuffer(...args),
      writeEntry: (/** @type {unknown[]} */ ...args) =>
        /** @type {any} */ (client).writeEntry(...args),
      expireTags: (/** @type {unknown[]} */ ...args) =>
        /** @type {any} */ (client).expireTags(...args),
      moveEpoch: (/** @type {unknown[]} */ ...args) =>
        /** @type {any} */ (client).moveEpoch(...args),
    })
  )
  /** @type {LRUCache<string, NearEntry>} */
  const near = new LRUCache({
    maxSize: Math.max(1, nearBytes),
    sizeCalculation: (entry) => Math.max(1, entry.size),
  })
  const keys = {
    entry: (/** @type {string} */ key) => `${prefix}entry:${key}`,
    tags: `${prefix}tags`,
    epoch: `${prefix}epoch`,
    versions: `${prefix}versions`,
  }

  /** Redis answers this store; false until it first does, and while it is away. */
  let isShared = false
  /** When the outage began (0: no outage told). */
  let awaySince = 0
  /** @type {NodeJS.Timeout | null} */
  let probe = null
  let isClosed = false

  const markAway = (/** @type {unknown} */ error) => {
    isShared = false
    if (isClosed || awaySince) return
    awaySince = Date.now()
    const reason = error instanceof Error ? error.message : String(error)
    log.away(
      `The shared page cache (${addressOf(url)}) is away (${reason}): this instance renders ` +
        'and keeps its pages in its own memory until it is back.',
    )
    probe ??= setInterval(() => void tryBack(), PROBE_MS)
    probe.unref()
  }

  /** A check under way: the probe and a reconnection may both ask at once, and tell it once. */
  let checking = false

  const tryBack = async () => {
    if (isClosed || isShared || checking || client.status !== 'ready') return
    checking = true
    try {
      // A tag expired while away may have missed Redis: all that is older is stale.
      if (awaySince) await scripts.moveEpoch(keys.epoch, MAX_TTL_SECONDS)
      else await client.ping()
    } catch {
      return
    } finally {
      checking = false
    }
    if (probe) clearInterval(probe)
    probe = null
    if (awaySince) {
      log.back(
        `The shared page cache (${addressOf(url)}) is back after ` +
          `${Math.round((Date.now() - awaySince) / 1000)} s: pages older than the outage are rendered again.`,
      )
    }
    awaySince = 0
    isShared = true
  }

  client.on('ready', () => void tryBack())
  client.on('error', (error) => markAway(error))
  client.on('close', () => {
    if (isShared) markAway(new Error('connection closed'))
  })

  /**
   * Runs `command` if Redis is there; a failure marks the store away and answers `fallback`.
   * @template T
   * @param {() => Promise<T>} command
   * @param {T} fallback
   */
  const whileShared = async (command, fallback) => {
    if (!isShared) return fallback
    try {
      return await command()
    } catch (error) {
      // Redis answered, with an error (a damaged key): a miss, not an outage.
      if (!(error instanceof ReplyError)) markAway(error)
      return fallback
    }
  }

  return {
    /** Whether reads and writes go to Redis now. */
    isShared: () => isShared,

    /**
     * The entry under `key` unless one of its tags, or of `extraTags`, expired since it was
     * stored; null on a miss, an unreadable entry, or Redis away.
     * @param {string} key
     * @param {string[]} extraTags
     * @returns {Promise<StoredEntry | null>}
     */
    read: (key, extraTags) =>
      whileShared(async () => {
        const held = near.get(key)
        const found = await scripts.readEntry(
          keys.entry(key),
          keys.tags,
          keys.epoch,
          extraTags.join(','),
          held?.version ?? '',
        )
        if (!found) {
          near.delete(key)
          return null
        }
        const stored = found[0].toString()
        if (!found[1]) return held ? { lastModified: Number(stored), value: held.value } : null
        try {
          const value = deserialize(found[1])
          near.set(key, { version: String(found[2] ?? ''), value, size: found[1].length })
          return { lastModified: Number(stored), value }
        } catch {
          near.delete(key)
          return null // written by another Node's serialiser, or damaged: render it again
        }
      }, null),

    /**
     * Stores `value` under `key` with its tags, for `ttl` seconds; answers whether it did.
     * @param {string} key
     * @param {unknown} value
     * @param {{ tags: string[], ttl: number }} options
     */
    write: (key, value, { tags, ttl }) =>
      whileShared(async () => {
        const bytes = serialize(value)
        const version = await scripts.writeEntry(
          keys.entry(key),
          keys.versions,
          tags.join(','),
          bytes,
          ttl,
          MAX_TTL_SECONDS,
        )
        near.set(key, { version: String(version), value, size: bytes.length })
        return true
      }, false),

    /**
     * Marks `tags` expired now: every entry stored before, on any instance, is a miss.
     * @param {string[]} tags
     */
    expireTags: (tags) =>
      whileShared(async () => {
        if (tags.length) await scripts.expireTags(keys.tags, MAX_TTL_SECONDS, ...tags)
        return true
      }, false),

    close: () => {
      isClosed = true
      near.clear()
      if (probe) clearInterval(probe)
      client.disconnect()
    },
  }
}
