import 'server-only'

import { type Server, createServer } from 'node:http'

import type { Payload } from 'payload'

import { isDatabaseReady } from './databaseHealth'
import { env, workerQueueStaleMs } from './env'
import { EMAIL_QUEUE, RATES_QUEUE, runnerQueues } from './jobQueues'
import { mayReadMetrics } from './metrics'
import { metricsText } from './metricsExposition'
import { rateFeedFigures } from './sql/rateCycle'

type Cron = Payload['crons'][number]

/**
 * How long a queue's runner has been at its current run, or, between runs, since its last one
 * finished (or since the worker started): what tells a stuck runner.
 */
const stuckForMs = (cron: Cron, now: number, startedAt: number) => {
  if (cron.isBusy()) return now - (cron.currentRun()?.getTime() ?? startedAt)
  return now - (cron.previousRun()?.getTime() ?? startedAt)
}

/** Periods of RATES_FETCH_SECONDS without a cycle that tell the rates fetcher has stopped. */
export const RATES_STALLED_PERIODS = 5

const ratesStalledMs = () => RATES_STALLED_PERIODS * env().RATES_FETCH_SECONDS * 1000

/**
 * Whether the exchangers' rates are being fetched: while some exchanger offers rates, some cycle
 * (of this worker or another's) must have fetched a feed within RATES_STALLED_PERIODS periods
 * (from this worker's start when none ever has). Null when it cannot be told (the database away).
 */
const ratesHealth = async (payload: Payload, now: number, startedAt: number) => {
  const figures = await rateFeedFigures(payload).catch(() => null)
  if (!figures) return null
  const sinceMs =
    figures.last_fetch_seconds === null ? now - startedAt : figures.last_fetch_seconds * 1000
  return {
    feeds: figures.feeds,
    staleFeeds: figures.stale,
    lastFetchSecondsAgo:
      figures.last_fetch_seconds === null ? null : Math.round(figures.last_fetch_seconds),
    stalled: figures.feeds > 0 && sinceMs > ratesStalledMs(),
  }
}

/**
 * What the worker says of itself: its database through its own pool, each queue's runner, and
 * the rates fetcher. The email queue is looked at every second and a mail's attempt gives up
 * within a minute, so a runner at one run, or without one, for WORKER_QUEUE_STALE_SECONDS (3
 * minutes) is stuck (a connection that never came, a hung job), not busy; the rates queue's runner
 * likewise after RATES_STALLED_PERIODS of its periods. The other queues are reported, not judged:
 * a link-check run over every resource may rightly take longer.
 */
export const workerHealth = async (payload: Payload, startedAt: number) => {
  const now = Date.now()
  const queueNames = runnerQueues(payload)
  const queues = payload.crons.map((cron, index) => {
    const queue = queueNames[index] ?? String(index)
    const lastRun = cron.previousRun()?.getTime()
    return {
      queue,
      busy: cron.isBusy(),
      lastRunSecondsAgo: lastRun === undefined ? null : Math.round((now - lastRun) / 1000),
      stuck:
        (queue === EMAIL_QUEUE && stuckForMs(cron, now, startedAt) > workerQueueStaleMs()) ||
        (queue === RATES_QUEUE && stuckForMs(cron, now, startedAt) > ratesStalledMs()),
    }
  })
  const database = await isDatabaseReady(payload)
  const rates = database ? await ratesHealth(payload, now, startedAt) : null
  return {
    healthy: database && !queues.some((queue) => queue.stuck) && !rates?.stalled,
    database,
    queues,
    rates,
  }
}

/**
 * The worker's health for its supervisor (a container's health check, a Kubernetes liveness
 * probe, a systemd watchdog): `GET /health` on WORKER_HEALTH_PORT answers 200 while the database
 * answers through the worker's pool and every queue runs, else 503, with what failed. A worker
 * whose pool is stuck or whose queue hangs stops sending mail without a word; this says so.
 */
export const serveWorkerHealth = ({
  payload,
  port,
  host = '0.0.0.0',
}: {
  payload: Payload
  port: number
  host?: string
}): Promise<Server> => {
  const startedAt = Date.now()
  const server = createServer((request, response) => {
    // The worker's figures for Prometheus, behind METRICS_TOKEN as the web instances' are.
    if (request.method === 'GET' && request.url === '/metrics') {
      if (!mayReadMetrics(request.headers.authorization)) return void response.writeHead(404).end()
      metricsText().then(
        ({ contentType, body }) =>
          response
            .writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' })
            .end(body),
        () => response.writeHead(503).end(),
      )
      return
    }
    if (request.method !== 'GET' || request.url !== '/health') {
      response.writeHead(404).end()
      return
    }
    workerHealth(payload, startedAt).then(
      (health) => {
        response
          .writeHead(health.healthy ? 200 : 503, {
            'Content-Type': 'application/json',
            'Cache-Control': 'no-store',
          })
          .end(JSON.stringify({ status: health.healthy ? 'ok' : 'unhealthy', ...health }))
      },
      () => response.writeHead(503).end(),
    )
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(server))
  })
}
