import 'server-only'

import { DEFAULT_LOCALE, type Locale } from '@/i18n/routing'

import { env } from './envSchema'

/**
 * Server configuration read from the environment: the variables, their defaults and checks are
 * declared in src/server/envSchema.ts; these read them, with the defaults that depend on others.
 */

export { env }

export const siteName = 'Obzor'

const DEV_SECRET = 'dev-only-secret-change-me-in-production'

export const payloadSecret = (): string => env().PAYLOAD_SECRET || DEV_SECRET

export const isUsingDevSecret = (): boolean => !env().PAYLOAD_SECRET

export const EMBEDDED_DATABASE = 'obzor'

export const embeddedPostgresPort = (): number => env().EMBEDDED_PG_PORT

/** Without DATABASE_URL, the embedded Postgres that `npm run dev` / `npm start` start. */
export const databaseUrl = (): string =>
  env().DATABASE_URL ||
  `postgres://postgres:postgres@127.0.0.1:${embeddedPostgresPort()}/${EMBEDDED_DATABASE}`

/** Where pictures are kept on disk without S3 (MEDIA_DIR, default `media`). */
export const mediaDir = (): string => env().MEDIA_DIR

/** Where ticket and verification files are kept on disk without S3 (ATTACHMENTS_DIR). */
export const attachmentsDir = (): string => env().ATTACHMENTS_DIR

/** Where the members' data archives are kept on disk without S3 (EXPORTS_DIR). */
export const exportsDir = (): string => env().EXPORTS_DIR

/** Connections of the process's pool (DATABASE_POOL_SIZE, default 10, at least 2). */
export const databasePoolSize = (): number => env().DATABASE_POOL_SIZE

/**
 * How long a request waits for one of the pool's connections, or for a new one to open, before
 * it answers 503 (DATABASE_POOL_WAIT_MS, default 5,000): a pool that cannot give one must not
 * keep the request, and its client, waiting for good.
 */
export const databasePoolWaitMs = (): number => env().DATABASE_POOL_WAIT_MS

/**
 * How long PostgreSQL lets one of the app's connections sit idle inside a transaction before it
 * ends that session (DATABASE_IDLE_IN_TRANSACTION_MS, default 60,000): a transaction the code
 * forgot rolls back and its connection goes back to the pool instead of holding locks and a
 * connection for good. The app's transactions wait on nothing but the database.
 */
export const databaseIdleInTransactionMs = (): number => env().DATABASE_IDLE_IN_TRANSACTION_MS

/**
 * How long the worker's email queue may be at one run, or go without one, before the worker's
 * health says it is stuck (WORKER_QUEUE_STALE_SECONDS, default 180; src/server/workerHealth.ts).
 */
export const workerQueueStaleMs = (): number => env().WORKER_QUEUE_STALE_SECONDS * 1000

/** The port of the worker's health answer (WORKER_HEALTH_PORT), or null: none is served. */
export const workerHealthPort = (): number | null => env().WORKER_HEALTH_PORT ?? null

/**
 * How long a runner's claim on a mail lasts (MAIL_CLAIM_LEASE_SECONDS, default 50): a claim older
 * than this is free again, so a worker killed mid-run holds its mails seconds, not until the hourly
 * clean-up. Longer than the longest send the transport allows (src/server/email.ts: 10 s to
 * connect, 10 s for the greeting, 30 s of silence).
 */
export const mailClaimLeaseSeconds = (): number => env().MAIL_CLAIM_LEASE_SECONDS

/** The bearer token that opens the metrics (METRICS_TOKEN); unset, they answer nobody. */
export const metricsToken = (): string | null => env().METRICS_TOKEN ?? null

/**
 * How the server writes its log (LOG_FORMAT): `pretty`, one readable line each (the default), or
 * `json`, one JSON object per line, for a log collector.
 */
export const logFormat = (): 'pretty' | 'json' => env().LOG_FORMAT

/**
 * Where the job queue's runner asks for the public pages to warm them after a deploy
 * (PAGE_WARMING_URL: the web instances' internal address, or their balancer's; unset, no warming).
 */
export const pageWarmingUrl = (): string | null => env().PAGE_WARMING_URL || null

/** Whether this process runs the jobs queues itself (JOBS_AUTORUN, unless `false`). */
export const runsJobs = (): boolean => env().JOBS_AUTORUN

/** The folder of PostgreSQL's client programs for backups (PG_BIN_DIR), or null: from PATH. */
export const pgBinDir = (): string | null => env().PG_BIN_DIR ?? null

/** The release's build id when the checkout has no build of its own (BUILD_ID), or null. */
export const releaseBuildId = (): string | null => env().BUILD_ID ?? null

/**
 * The least severe level the server logs (LOG_LEVEL, default `info`): `warn` leaves out the
 * line each refused request writes (a 4xx) and the jobs' progress.
 */
export const logLevel = () => env().LOG_LEVEL

export const serverUrl = (): string =>
  (env().NEXT_PUBLIC_SERVER_URL || `http://localhost:${env().PORT}`).replace(/\/$/, '')

/**
 * The language of a visitor whose cookie and browser name none of the site's (spec §9, "a
 * configured fallback"): FALLBACK_LOCALE, `ru` (the default) or `en`. Anything else throws, so a
 * mistyped value stops `npm start` rather than answering every visitor in a language by chance.
 */
export const fallbackLocale = (): Locale => env().FALLBACK_LOCALE || DEFAULT_LOCALE
