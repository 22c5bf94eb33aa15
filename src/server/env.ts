import 'server-only'

import { DEFAULT_LOCALE, LOCALES, type Locale, isLocale } from '@/i18n/routing'

/** Server configuration read from the environment, with the development defaults in one place. */

export const siteName = 'Obzor'

const DEV_SECRET = 'dev-only-secret-change-me-in-production'

export const payloadSecret = (): string => process.env.PAYLOAD_SECRET || DEV_SECRET

export const isUsingDevSecret = (): boolean => !process.env.PAYLOAD_SECRET

export const EMBEDDED_DATABASE = 'obzor'

export const embeddedPostgresPort = (): number => Number(process.env.EMBEDDED_PG_PORT || 54329)

/** Without DATABASE_URL, the embedded Postgres that `npm run dev` / `npm start` start. */
export const databaseUrl = (): string =>
  process.env.DATABASE_URL ||
  `postgres://postgres:postgres@127.0.0.1:${embeddedPostgresPort()}/${EMBEDDED_DATABASE}`

/** Where pictures are kept on disk without S3 (MEDIA_DIR, default `media`). */
export const mediaDir = (): string => process.env.MEDIA_DIR || 'media'

/** Where ticket and verification files are kept on disk without S3 (ATTACHMENTS_DIR). */
export const attachmentsDir = (): string => process.env.ATTACHMENTS_DIR || '.data/attachments'

/** Where the members' data archives are kept on disk without S3 (EXPORTS_DIR). */
export const exportsDir = (): string => process.env.EXPORTS_DIR || '.data/exports'

/** Connections of the process's pool (DATABASE_POOL_SIZE, default 10, at least 2). */
export const databasePoolSize = (): number => {
  const size = Number(process.env.DATABASE_POOL_SIZE)
  return Number.isInteger(size) && size >= 2 ? size : 10
}

const positiveInteger = (name: string, fallback: number): number => {
  const value = Number(process.env[name])
  return Number.isInteger(value) && value > 0 ? value : fallback
}

/**
 * How long a request waits for one of the pool's connections, or for a new one to open, before
 * it answers 503 (DATABASE_POOL_WAIT_MS, default 5,000): a pool that cannot give one must not
 * keep the request, and its client, waiting for good.
 */
export const databasePoolWaitMs = (): number => positiveInteger('DATABASE_POOL_WAIT_MS', 5_000)

/**
 * How long PostgreSQL lets one of the app's connections sit idle inside a transaction before it
 * ends that session (DATABASE_IDLE_IN_TRANSACTION_MS, default 60,000): a transaction the code
 * forgot rolls back and its connection goes back to the pool instead of holding locks and a
 * connection for good. The app's transactions wait on nothing but the database.
 */
export const databaseIdleInTransactionMs = (): number =>
  positiveInteger('DATABASE_IDLE_IN_TRANSACTION_MS', 60_000)

/**
 * How long the worker's email queue may be at one run, or go without one, before the worker's
 * health says it is stuck (WORKER_QUEUE_STALE_SECONDS, default 180; src/server/workerHealth.ts).
 */
export const workerQueueStaleMs = (): number =>
  positiveInteger('WORKER_QUEUE_STALE_SECONDS', 180) * 1000

/** The port of the worker's health answer (WORKER_HEALTH_PORT), or null: none is served. */
export const workerHealthPort = (): number | null => {
  const port = Number(process.env.WORKER_HEALTH_PORT)
  return Number.isInteger(port) && port > 0 ? port : null
}

/**
 * How long a runner's claim on a mail lasts (MAIL_CLAIM_LEASE_SECONDS, default 50): a claim older
 * than this is free again, so a worker killed mid-run holds its mails seconds, not until the hourly
 * clean-up. Longer than the longest send the transport allows (src/server/email.ts: 10 s to
 * connect, 10 s for the greeting, 30 s of silence).
 */
export const mailClaimLeaseSeconds = (): number => positiveInteger('MAIL_CLAIM_LEASE_SECONDS', 50)

/** The bearer token that opens the metrics (METRICS_TOKEN); unset, they answer nobody. */
export const metricsToken = (): string | null => process.env.METRICS_TOKEN?.trim() || null

/**
 * How the server writes its log (LOG_FORMAT): `pretty`, one readable line each (the default), or
 * `json`, one JSON object per line, for a log collector.
 */
export const logFormat = (): 'pretty' | 'json' =>
  process.env.LOG_FORMAT === 'json' ? 'json' : 'pretty'

/**
 * Where the job queue's runner asks for the public pages to warm them after a deploy
 * (PAGE_WARMING_URL: the web instances' internal address, or their balancer's; unset, no warming).
 */
export const pageWarmingUrl = (): string | null =>
  process.env.PAGE_WARMING_URL?.trim().replace(/\/+$/, '') || null

/** Whether this process runs the jobs queues itself (JOBS_AUTORUN, unless `false`). */
export const runsJobs = (): boolean => process.env.JOBS_AUTORUN !== 'false'

/** The folder of PostgreSQL's client programs for backups (PG_BIN_DIR), or null: from PATH. */
export const pgBinDir = (): string | null => process.env.PG_BIN_DIR?.trim() || null

/** The release's build id when the checkout has no build of its own (BUILD_ID), or null. */
export const releaseBuildId = (): string | null => process.env.BUILD_ID?.trim() || null

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/**
 * The least severe level the server logs (LOG_LEVEL, default `info`): `warn` leaves out the
 * line each refused request writes (a 4xx) and the jobs' progress.
 */
export const logLevel = (): (typeof LOG_LEVELS)[number] =>
  LOG_LEVELS.find((level) => level === process.env.LOG_LEVEL) ?? 'info'

export const serverUrl = (): string =>
  (process.env.NEXT_PUBLIC_SERVER_URL || `http://localhost:${process.env.PORT || 3000}`).replace(
    /\/$/,
    '',
  )

/**
 * The language of a visitor whose cookie and browser name none of the site's (spec §9, "a
 * configured fallback"): FALLBACK_LOCALE, `ru` (the default) or `en`. Anything else throws, so a
 * mistyped value stops `npm start` rather than answering every visitor in a language by chance.
 */
export const fallbackLocale = (): Locale => {
  const value = process.env.FALLBACK_LOCALE?.trim()
  if (!value) return DEFAULT_LOCALE
  if (!isLocale(value)) {
    throw new Error(
      `FALLBACK_LOCALE: "${value}" is none of the site's languages (${LOCALES.join(', ')})`,
    )
  }
  return value
}
