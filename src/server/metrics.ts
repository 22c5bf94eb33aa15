import 'server-only'

import { timingSafeEqual } from 'node:crypto'

import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

import { metricsToken } from './env'
import { runnerQueues } from './jobQueues'
import { jobFigures, lastBackup } from './sql/metrics'
import { rateFeedFigures } from './sql/rateCycle'
import { postgresOf } from './sql/run'

/**
 * The process's figures for Prometheus (prom-client), served at `GET /api/metrics` by each web
 * instance (scripts/serve.ts) and at `GET /metrics` on the worker's health port, only to a caller
 * presenting `Authorization: Bearer $METRICS_TOKEN`; everyone else, and everyone when the variable
 * is unset, gets the 404 of an address that does not exist. One registry per process, on
 * globalThis: the app's server, Next's bundles and the Payload config each load this module.
 * Here are the figures the lower floors of src/server count and the ones read from the database;
 * the gauges that read a feature (the chat, the analytics) join the same registry in
 * src/server/metricsExposition.ts, which answers the scrape (ARCHITECTURE.md, "The floors of
 * src/server").
 */
type Metrics = ReturnType<typeof createMetrics>

const KEY = Symbol.for('obzor.metrics')
const PAGE_CACHE_READS = Symbol.for('obzor.pageCacheReads')
const global = globalThis as typeof globalThis & { [KEY]?: Metrics }

const createMetrics = () => {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  const pools = new Map<string, Pool>()
  let payload: Payload | null = null

  const requests = new Histogram({
    name: 'obzor_http_request_duration_seconds',
    help: 'Requests answered, by route group, method and status, and how long each took',
    labelNames: ['group', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  new Gauge({
    name: 'obzor_db_pool_connections',
    help: "A database pool's connections: total, idle, and requests waiting for one",
    labelNames: ['pool', 'state'] as const,
    registers,
    collect() {
      for (const [name, pool] of pools) {
        this.set({ pool: name, state: 'total' }, pool.totalCount)
        this.set({ pool: name, state: 'idle' }, pool.idleCount)
        this.set({ pool: name, state: 'waiting' }, pool.waitingCount)
      }
    },
  })
  // Both job figures come from one query, run by the first one's collect (the registry reads the
  // metrics in the order they were made); with the database away they are left out.
  const oldestJob = new Gauge({
    name: 'obzor_jobs_oldest_queued_seconds',
    help: 'The age of the oldest job due and not yet run, by queue',
    labelNames: ['queue'] as const,
    registers: [],
  })
  new Gauge({
    name: 'obzor_jobs',
    help: "The jobs queue's jobs by queue and state: queued (due or waiting), running, failed",
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset()
      oldestJob.reset()
      if (!payload) return
      const figures = await jobFigures(payload).catch(() => null)
      if (!figures) return
      // Every queue the runners look at, with nothing in it too.
      for (const queue of runnerQueues(payload)) {
        for (const state of ['queued', 'running', 'failed']) this.set({ queue, state }, 0)
        oldestJob.set({ queue }, 0)
      }
      for (const row of figures) {
        this.set({ queue: row.queue, state: 'queued' }, row.queued)
        this.set({ queue: row.queue, state: 'running' }, row.running)
        this.set({ queue: row.queue, state: 'failed' }, row.failed)
        oldestJob.set({ queue: row.queue }, row.oldestDueSeconds)
      }
    },
  })
  registry.registerMetric(oldestJob)
  new Counter({
    name: 'obzor_page_cache_reads_total',
    help: 'Reads of the page cache, by store (Redis with REDIS_URL, or the instance memory without it or while Redis is away) and result',
    labelNames: ['store', 'result'] as const,
    registers,
    // Counted by the cache handler (src/server/pageCache/sharedCacheHandler.mjs), which Next
    // loads on its own, from the process's first page on.
    collect() {
      const reads = (globalThis as { [PAGE_CACHE_READS]?: Record<string, Record<string, number>> })[
        PAGE_CACHE_READS
      ]
      this.reset()
      for (const store of ['memory', 'redis']) {
        for (const result of ['hit', 'miss']) this.inc({ store, result }, 0)
      }
      for (const [store, results] of Object.entries(reads ?? {})) {
        for (const [result, count] of Object.entries(results)) this.inc({ store, result }, count)
      }
    },
  })
  new Gauge({
    name: 'obzor_backup_last_success_timestamp_seconds',
    help: 'When `npm run backup` last succeeded (Unix time; 0: never, or the database away)',
    registers,
    async collect() {
      const backup = payload ? await lastBackup(payload).catch(() => null) : null
      this.set(backup ? backup.at / 1000 : 0)
    },
  })
  const mails = new Counter({
    name: 'obzor_mails_total',
    help: 'Mails handed to the mail server, by result: sent, or failed (tried again later)',
    labelNames: ['result'] as const,
    registers,
  })
  const invitations = new Counter({
    name: 'obzor_review_invitations_total',
    help: 'Review invitations by event: sent (a mail queued or a link made), opened (first time), reviewed',
    labelNames: ['event'] as const,
    registers,
  })
  // The exchangers' rates fetcher (src/server/rates/run.ts), in the process that runs it.
  const rateFetches = new Counter({
    name: 'obzor_rates_fetches_total',
    help: "Rates feeds fetched, by outcome: ok (rates written), not-modified (304), unchanged (the same body), or the failure's kind",
    labelNames: ['outcome'] as const,
    registers,
  })
  const rateItems = new Counter({
    name: 'obzor_rates_items_total',
    help: "Rates feeds' items read, by verdict: accepted or refused",
    labelNames: ['verdict'] as const,
    registers,
  })
  const rateCycles = new Histogram({
    name: 'obzor_rates_cycle_duration_seconds',
    help: 'How long a cycle of the rates fetcher took, every feed fetched and written',
    buckets: [0.5, 1, 2.5, 5, 10, 20, 30, 45, 60, 90, 120],
    registers,
  })
  const rateCycleFeeds = new Gauge({
    name: 'obzor_rates_cycle_feeds',
    help: "The feeds the rates fetcher's last cycle fetched",
    registers,
  })
  new Gauge({
    name: 'obzor_rates_stale_feeds',
    help: 'Feeds of exchangers showing rates that have not answered with valid rates for 5 minutes (shown stale)',
    registers,
    async collect() {
      const figures = payload ? await rateFeedFigures(payload).catch(() => null) : null
      this.set(figures?.stale ?? 0)
    },
  })
  return {
    registry,
    requests,
    mails,
    invitations,
    rateFetches,
    rateItems,
    rateCycles,
    rateCycleFeeds,
    pools,
    watch: (app: Payload) => {
      payload = app
      const adapter = postgresOf(app)
      pools.set('primary', adapter.pool)
      // Drizzle's replicas (DATABASE_REPLICA_URLS) keep their pools as their clients.
      const replicas = (adapter.drizzle as { $replicas?: { $client?: Pool }[] }).$replicas ?? []
      replicas.forEach((replica, index) => {
        if (replica.$client) pools.set(`replica-${index + 1}`, replica.$client)
      })
    },
  }
}

/** This process's figures. */
export const metrics = (): Metrics => (global[KEY] ??= createMetrics())

/** Counts a pool of the process's own (the rate limits') among the pools' figures. */
export const countPool = (name: string, pool: Pool) => metrics().pools.set(name, pool)

/** Whether an Authorization header carries METRICS_TOKEN (never when it is unset). */
export const mayReadMetrics = (authorization: string | undefined) => {
  const token = metricsToken()
  if (!token) return false
  const given = Buffer.from(authorization ?? '')
  const expected = Buffer.from(`Bearer ${token}`)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
