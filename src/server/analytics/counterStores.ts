import 'server-only'

import { createHash, randomBytes, randomUUID } from 'node:crypto'

import { Redis } from 'ioredis'

import { TRACKED_COUNTERS, type TrackedCounter, addDays, dayOf } from '@/lib/analytics'
import { env } from '@/server/env'
import type { TrackedRow } from '@/server/sql/analytics'

/**
 * Where the browser's counts wait for the flush (src/server/analytics/recorder.ts): one process's
 * memory, or the counters every instance shares in Redis.
 */

/** How often the counts are written. */
export const flushMs = () => Math.max(250, env().ANALYTICS_FLUSH_SECONDS * 1000)
export const redisUrl = () => env().REDIS_URL || ''

/** How long a day's salt and seen visitors outlive the day: a visit at 23:59:59 still finds them. */
const DAY_GRACE_SECONDS = 10 * 60

/** Seconds from now until `day` ends (UTC), plus the grace. */
const secondsLeftOf = (day: string) =>
  Math.max(
    1,
    Math.ceil((Date.parse(`${addDays(day, 1)}T00:00:00Z`) - Date.now()) / 1000) + DAY_GRACE_SECONDS,
  )

export type Hit = {
  resourceId: number
  counter: Exclude<TrackedCounter, 'visitors'>
  /** The visitor's address and user agent, for a view: hashed with the day's salt, never kept. */
  visitor?: { address: string; userAgent: string }
}

type Counts = Record<TrackedCounter, number>
const emptyCounts = (): Counts =>
  Object.fromEntries(TRACKED_COUNTERS.map((name) => [name, 0])) as Counts

const visitorHash = (salt: string, resourceId: number, address: string, userAgent: string) =>
  createHash('sha256')
    .update(`${salt}\n${resourceId}\n${address}\n${userAgent}`)
    .digest('base64url')
    .slice(0, 22)

/** Where counts wait for the flush. */
export interface CounterStore {
  add(day: string, hit: Hit): Promise<void>
  /** The counts to write now (null: nothing, or another instance is flushing), with their batch id. */
  take(): Promise<{ id: string; rows: TrackedRow[] } | null>
  /** The batch is written: forget it. */
  written(id: string): Promise<void>
  /** The batch could not be written: keep it for the next flush. */
  kept(id: string): void
}

/** One process's counters (no REDIS_URL). */
export class MemoryStore implements CounterStore {
  private pending = new Map<string, TrackedRow>()
  private taken = new Map<string, TrackedRow[]>()
  private salts = new Map<string, string>()
  private seen = new Map<string, Set<string>>()

  async add(day: string, hit: Hit) {
    this.forgetPastDays(day)
    const row = this.rowOf(day, hit.resourceId)
    row[hit.counter] += 1
    if (hit.visitor) {
      let salt = this.salts.get(day)
      if (!salt) this.salts.set(day, (salt = randomBytes(32).toString('base64url')))
      let seen = this.seen.get(day)
      if (!seen) this.seen.set(day, (seen = new Set()))
      const hash = visitorHash(salt, hit.resourceId, hit.visitor.address, hit.visitor.userAgent)
      if (!seen.has(hash)) {
        seen.add(hash)
        row.visitors += 1
      }
    }
  }

  private rowOf(day: string, resourceId: number) {
    const key = `${day}|${resourceId}`
    let row = this.pending.get(key)
    if (!row) this.pending.set(key, (row = { resource_id: resourceId, day, ...emptyCounts() }))
    return row
  }

  /** The salt and seen visitors of a day are dropped once the day (and its grace) is over. */
  private forgetPastDays(today: string) {
    const yesterday = addDays(today, -1)
    const graceOver = secondsLeftOf(yesterday) <= 1
    for (const day of this.salts.keys()) {
      if (day < yesterday || (day === yesterday && graceOver)) {
        this.salts.delete(day)
        this.seen.delete(day)
      }
    }
  }

  async take() {
    this.forgetPastDays(dayOf(new Date()))
    if (this.pending.size === 0) return null
    const id = randomUUID()
    this.taken.set(id, [...this.pending.values()])
    this.pending = new Map()
    return { id, rows: this.taken.get(id)! }
  }

  async written(id: string) {
    this.taken.delete(id)
  }

  kept(id: string) {
    // Back into the counters, so the next flush writes them with what came since.
    for (const row of this.taken.get(id) ?? []) {
      const into = this.rowOf(row.day, row.resource_id)
      for (const name of TRACKED_COUNTERS) into[name] += row[name]
    }
    this.taken.delete(id)
  }

  /** For the tests: whether anything of a day's visitors is still known. */
  knowsDay(day: string) {
    return this.salts.has(day) || this.seen.has(day)
  }
}

const PENDING = 'analytics:pending'
const FLUSHING = 'analytics:flushing'
const FLUSH_LOCK = 'analytics:flush-lock'
const BATCH_FIELD = '#batch'

/**
 * Counters every instance shares (REDIS_URL). One Lua call per hit adds to the pending hash and,
 * for a view, to the day's seen set (and to the visitors when the hash is new). A flush takes a
 * lock, renames the pending hash to the flushing one (atomic: hits go on into a new pending hash),
 * names it a batch, writes it and deletes it; a flushing hash left by a crashed flush is written
 * first, under the same batch id, so it counts once.
 */
export class RedisStore implements CounterStore {
  // A command waits at most half a second: with Redis away, a hit is dropped, never a slow page.
  private client = new Redis(redisUrl(), { maxRetriesPerRequest: 1, commandTimeout: 500 })
  private salts = new Map<string, string>()
  private token = randomUUID()

  constructor() {
    this.client.on('error', () => {})
    this.client.defineCommand('analyticsHit', {
      numberOfKeys: 2,
      lua: `
        redis.call('HINCRBY', KEYS[1], ARGV[1] .. '|' .. ARGV[2], 1)
        if ARGV[3] ~= '' and redis.call('SADD', KEYS[2], ARGV[3]) == 1 then
          redis.call('EXPIRE', KEYS[2], ARGV[4])
          redis.call('HINCRBY', KEYS[1], ARGV[1] .. '|visitors', 1)
        end`,
    })
  }

  private async saltOf(day: string) {
    const known = this.salts.get(day)
    if (known) return known
    const key = `analytics:salt:${day}`
    await this.client.set(
      key,
      randomBytes(32).toString('base64url'),
      'EX',
      secondsLeftOf(day),
      'NX',
    )
    const salt = await this.client.get(key)
    if (!salt) throw new Error('the day’s salt is missing')
    for (const old of this.salts.keys()) if (old < addDays(day, -1)) this.salts.delete(old)
    this.salts.set(day, salt)
    return salt
  }

  async add(day: string, hit: Hit) {
    const hash = hit.visitor
      ? visitorHash(
          await this.saltOf(day),
          hit.resourceId,
          hit.visitor.address,
          hit.visitor.userAgent,
        )
      : ''
    await (
      this.client as Redis & {
        analyticsHit: (...args: (string | number)[]) => Promise<unknown>
      }
    ).analyticsHit(
      PENDING,
      `analytics:seen:${day}`,
      `${day}|${hit.resourceId}`,
      hit.counter,
      hash,
      secondsLeftOf(day),
    )
  }

  async take() {
    const locked = await this.client.set(FLUSH_LOCK, this.token, 'PX', flushMs() * 6, 'NX')
    if (!locked) return null
    if (!(await this.client.exists(FLUSHING))) {
      try {
        await this.client.rename(PENDING, FLUSHING)
      } catch {
        await this.release()
        return null // nothing pending
      }
    }
    await this.client.hsetnx(FLUSHING, BATCH_FIELD, randomUUID())
    const fields = await this.client.hgetall(FLUSHING)
    const rows = new Map<string, TrackedRow>()
    for (const [field, value] of Object.entries(fields)) {
      if (field === BATCH_FIELD) continue
      const [day, id, counter] = field.split('|')
      const key = `${day}|${id}`
      let row = rows.get(key)
      if (!row) rows.set(key, (row = { resource_id: Number(id), day, ...emptyCounts() }))
      if ((TRACKED_COUNTERS as readonly string[]).includes(counter)) {
        row[counter as TrackedCounter] += Number(value)
      }
    }
    return { id: fields[BATCH_FIELD], rows: [...rows.values()] }
  }

  async written() {
    await this.client.del(FLUSHING)
    await this.release()
  }

  kept() {
    void this.release().catch(() => {})
  }

  private async release() {
    await this.client.eval(
      "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0",
      1,
      FLUSH_LOCK,
      this.token,
    )
  }

  close() {
    this.client.disconnect()
  }
}
