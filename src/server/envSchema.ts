import { z } from 'zod'

import { LOCALES } from '@/i18n/routing'
import { PEER_ADDRESS_FLAG } from '@/lib/peerAddress'
import { DEFAULT_GOOGLE_GSI_URL } from '@/lib/securityHeaders.mjs'

/**
 * Every environment variable the app reads, each with its type, default, constraints and meaning,
 * and README.md's "Configuration" table lists exactly these (tests/unit/config.spec.ts). The app
 * reads them through src/server/env.ts; `npm start`, `npm run dev`, `npm run worker`,
 * `npm run cluster` and scripts/serve.ts refuse to start on a value that does not parse. No `server-only` here: scripts/serve.ts runs without
 * the react-server condition, as `next` does, and checks the configuration before Next loads.
 */

/** As written; empty is unset. */
const text = z.string()
/** Trimmed; blank is unset. */
const trimmed = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
const url = z.url()
const count = z.coerce.number().int().positive()
const seconds = z.coerce.number().nonnegative()
const port = z.coerce.number().int().min(1).max(65_535)
/** A switch written `true` or `false`. */
const flag = z.enum(['true', 'false']).transform((value) => value === 'true')
const cron = z.string().trim().min(1)

export const SETTINGS = {
  // The database
  DATABASE_URL: url.optional().describe('PostgreSQL connection string'),
  DATABASE_REPLICA_URLS: trimmed
    .transform((list) =>
      list
        ?.split(',')
        .map((each) => each.trim())
        .filter(Boolean),
    )
    .pipe(z.array(url).optional())
    .describe('comma-separated read replicas for guests’ reads'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).default(10).describe('connections of a pool'),
  DATABASE_POOL_WAIT_MS: count.default(5_000).describe('wait for a pool’s connection, then 503'),
  DATABASE_IDLE_IN_TRANSACTION_MS: count
    .default(60_000)
    .describe('PostgreSQL ends a session idle in a transaction this long'),
  EMBEDDED_PG_DIR: text.default('.data/postgres').describe('the embedded PostgreSQL’s folder'),
  EMBEDDED_PG_PORT: port.default(54_329).describe('the embedded PostgreSQL’s port'),
  PG_BIN_DIR: trimmed.describe('the folder of pg_dump and pg_restore (backups)'),
  // The server
  PAYLOAD_SECRET: text.optional().describe('signs sessions; required by `npm start`'),
  NEXT_PUBLIC_SERVER_URL: url.optional().describe('the site’s public address'),
  PORT: port.default(3000).describe('the port the server listens on'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('the least severe level logged'),
  LOG_FORMAT: z.enum(['pretty', 'json']).default('pretty').describe('one line or one JSON each'),
  COOKIE_SECURE: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .optional()
    .describe('cookies’ Secure flag; unset: whether the public address is https'),
  FALLBACK_LOCALE: trimmed
    .pipe(
      z
        .enum(LOCALES, {
          error: ({ input }) =>
            `"${String(input)}" is none of the site's languages (${LOCALES.join(', ')})`,
        })
        .optional(),
    )
    .describe('the language of a visitor whose browser names none of the site’s'),
  TRUSTED_PROXIES: text.optional().describe('proxies whose X-Forwarded-For is believed'),
  METRICS_TOKEN: trimmed.describe('the bearer token that opens the metrics'),
  BUILD_ID: trimmed.describe('the build’s identifier (default: the git commit)'),
  TEST_PASSWORD_HASH_ITERATIONS: count.optional().describe('tests only: pbkdf2 iterations'),
  // Mail
  SMTP_HOST: text.optional().describe('the SMTP server; unset: mail is not sent'),
  SMTP_PORT: port.default(587).describe('the SMTP server’s port'),
  SMTP_SECURE: flag.default(false).describe('TLS from the first byte (port 465)'),
  SMTP_USER: text.optional().describe('the SMTP login'),
  SMTP_PASS: text.optional().describe('the SMTP password'),
  DEV_OUTBOX_DIR: text.default('.data/outbox').describe('the development outbox’s folder'),
  EMAIL_FROM: text.optional().describe('the sender of the site’s mail'),
  CONTACT_EMAIL: text.optional().describe('where the site’s team reads mail'),
  // Sign-in and the forms' checks
  RECAPTCHA_SECRET_KEY: text.optional().describe('turns reCAPTCHA on for the forms'),
  RECAPTCHA_VERIFY_URL: url
    .default('https://www.google.com/recaptcha/api/siteverify')
    .describe('where reCAPTCHA answers are checked'),
  NEXT_PUBLIC_RECAPTCHA_SITE_KEY: text.optional().describe('reCAPTCHA’s site key (at build)'),
  GOOGLE_CLIENT_ID: text.optional().describe('turns Google sign-in on'),
  GOOGLE_TOKENINFO_URL: url
    .default('https://oauth2.googleapis.com/tokeninfo')
    .describe('where Google’s tokens are checked'),
  NEXT_PUBLIC_GOOGLE_CLIENT_ID: text.optional().describe('Google sign-in’s button (at build)'),
  // Checked here, but no code reads these two through env(): the browser's readers hold their
  // defaults (GoogleSignIn.client.tsx and src/lib/securityHeaders.mjs; src/client/api.ts), and
  // the defaults here only say what those readers use.
  NEXT_PUBLIC_GOOGLE_GSI_URL: url
    .default(DEFAULT_GOOGLE_GSI_URL)
    .describe('Google’s sign-in script'),
  NEXT_PUBLIC_API_URL: text.default('/api').describe('the API base the browser uses (at build)'),
  // Files
  MEDIA_DIR: text.default('media').describe('pictures on disk without S3'),
  ATTACHMENTS_DIR: text.default('.data/attachments').describe('attachments on disk without S3'),
  EXPORTS_DIR: text.default('.data/exports').describe('data archives on disk without S3'),
  S3_BUCKET: trimmed.describe('the bucket of the files; unset: on disk'),
  S3_REGION: trimmed.transform((value) => value ?? 'us-east-1').describe('the bucket’s region'),
  S3_ENDPOINT: trimmed.pipe(url.optional()).describe('a store other than AWS'),
  S3_FORCE_PATH_STYLE: trimmed
    .pipe(flag.optional())
    .describe('bucket/key paths; unset: with S3_ENDPOINT'),
  S3_ACCESS_KEY_ID: trimmed.describe('the bucket’s key; unset: the SDK’s own chain'),
  S3_SECRET_ACCESS_KEY: trimmed.describe('the bucket key’s secret'),
  // Several instances, analytics
  REDIS_URL: url.optional().describe('one page cache, chat bus and analytics for every instance'),
  ANALYTICS_FLUSH_SECONDS: seconds
    .default(5)
    .describe('how often counts are written (at least 0.25)'),
  ANALYTICS_ADDRESS_CAP: count.default(120).describe('track calls an address may make a minute'),
  ANALYTICS_ROLLUP_CRON: cron.default('0 */5 * * * *').describe('when the analytics roll up'),
  // Jobs
  JOBS_AUTORUN: text
    .transform((value) => value !== 'false')
    .default(true)
    .describe('`false`: this instance runs no jobs, it only queues them'),
  JOBS_AUTORUN_CRON: cron.default('* * * * *').describe('how often the default queue runs'),
  JOBS_EMAIL_CRON: cron.default('* * * * * *').describe('how often the queued mail is sent'),
  NOTIFICATION_DIGEST_CRON: cron.default('0 0 7 * * *').describe('when the daily digest is mailed'),
  LINK_CHECK_CRON: cron
    .default('0 */10 * * * *')
    .describe('when the links are checked (`off`: never)'),
  LINK_CHECK_TIMEOUT_MS: count.default(8000).describe('the link checker’s wait for an answer'),
  LINK_CHECK_CONCURRENCY: count.default(4).describe('addresses the link checker asks at a time'),
  LINK_CHECK_ALLOW_PRIVATE: flag.default(false).describe('tests only: check private addresses'),
  RATES_FETCH_SECONDS: count
    .refine((value) => (value < 60 ? 60 % value === 0 : value % 60 === 0 && 3600 % value === 0), {
      message: 'a divisor of 60, or a whole number of minutes that divides an hour',
    })
    .default(60)
    .describe('how often the exchangers’ rates feeds are fetched'),
  RATES_FETCH_CONCURRENCY: count.default(32).describe('rates feeds fetched at a time'),
  RATES_FETCH_TIMEOUT_MS: count.default(5000).describe('the whole fetch of one rates feed'),
  RATES_FEED_MAX_BYTES: count.default(2 * 1024 * 1024).describe('a rates feed’s largest body'),
  RATES_FETCH_ALLOW_PRIVATE: flag.default(false).describe('tests only: fetch private addresses'),
  PAGE_WARMING_URL: trimmed
    .transform((value) => value?.replace(/\/+$/, ''))
    .pipe(url.optional())
    .describe('where the runner warms the pages after a deploy'),
  MAIL_CLAIM_LEASE_SECONDS: count.default(50).describe('how long a runner’s claim on a mail lasts'),
  WORKER_STOP_SECONDS: seconds.default(25).describe('the worker’s wait for its jobs when stopped'),
  WORKER_HEALTH_PORT: port.optional().describe('the worker’s health port; unset: none'),
  WORKER_QUEUE_STALE_SECONDS: count.default(180).describe('when the email queue counts as stuck'),
}

/** Set by the app's own scripts or by Next, never by an operator (so not in README's table). */
export const INTERNAL = {
  PAYLOAD_MIGRATING: text.optional().describe('`true` while scripts/check-generated.ts runs'),
  NEXT_PHASE: text.optional().describe('Next’s phase: a build renders without sending mail'),
  [PEER_ADDRESS_FLAG]: text.optional().describe('set by scripts/serve.ts: it tells the peer'),
  NEXT_PUBLIC_BUILD_ID: text.optional().describe('the build id next.config.mjs writes in'),
}

const schema = z.object({ ...SETTINGS, ...INTERNAL })
export type Env = z.infer<typeof schema>
type Name = keyof Env
const NAMES = Object.keys(schema.shape) as Name[]

/**
 * Next writes the build's NEXT_PUBLIC_* values into its bundles where the code names them: read
 * by name here, the server keeps the build's values, as the browser does.
 */
const builtIn = (): Partial<Record<Name, string | undefined>> => ({
  NEXT_PUBLIC_SERVER_URL: process.env.NEXT_PUBLIC_SERVER_URL,
  NEXT_PUBLIC_RECAPTCHA_SITE_KEY: process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY,
  NEXT_PUBLIC_GOOGLE_CLIENT_ID: process.env.NEXT_PUBLIC_GOOGLE_CLIENT_ID,
  NEXT_PUBLIC_GOOGLE_GSI_URL: process.env.NEXT_PUBLIC_GOOGLE_GSI_URL,
  NEXT_PUBLIC_API_URL: process.env.NEXT_PUBLIC_API_URL,
  NEXT_PUBLIC_BUILD_ID: process.env.NEXT_PUBLIC_BUILD_ID,
})

/** The variables as set, an empty one as unset. */
const rawValues = (): (string | undefined)[] => {
  const named = builtIn()
  return NAMES.map((name) => (name in named ? named[name] : process.env[name]) || undefined)
}

/**
 * process.env, watched: the scripts set a few variables as they start and the tests while they
 * run, and each write or delete counts. The count on globalThis, as each of Next's bundles holds
 * its own copy of this module.
 */
const WRITES = Symbol.for('obzor.envWrites')
type Writes = { count: number }
type Watched = NodeJS.ProcessEnv & { [WRITES]?: Writes }

const watchedWrites = (): Writes => {
  const current = process.env as Watched
  const known = current[WRITES]
  if (known) return known
  const writes: Writes = { count: 0 }
  // Reflect without a receiver: the environment's own object keeps its rules (a value is a string).
  process.env = new Proxy(current, {
    get: (target, key) => (key === WRITES ? writes : Reflect.get(target, key)),
    set: (target, key, value) => (writes.count++, Reflect.set(target, key, value)),
    deleteProperty: (target, key) => (writes.count++, Reflect.deleteProperty(target, key)),
    defineProperty: (target, key, field) => (
      writes.count++,
      Reflect.defineProperty(target, key, field)
    ),
  })
  return writes
}

let snapshot: { writes: Writes; count: number; env: Env } | null = null

/**
 * The configuration, parsed once and again only after a variable was written: otherwise a read
 * costs a comparison, not a read of every variable (a page's request asks several times). A value
 * that does not parse throws, naming the variable.
 */
export const env = (): Env => {
  const writes = watchedWrites()
  const last = snapshot
  if (last && last.writes === writes && last.count === writes.count) return last.env
  const count = writes.count
  const raw = rawValues()
  const result = schema.safeParse(Object.fromEntries(NAMES.map((name, i) => [name, raw[i]])))
  if (!result.success) throw new Error(describeProblems(result.error))
  snapshot = { writes, count, env: result.data }
  return result.data
}

const describeProblems = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n')

/**
 * For the scripts that start the app: stops the process with the variables that do not parse,
 * rather than let it serve with a value it cannot use.
 */
export const checkEnvAtStart = (): void => {
  try {
    env()
  } catch (error) {
    console.error(
      `The configuration is invalid (see README.md, "Configuration"):\n${(error as Error).message}`,
    )
    process.exit(1)
  }
}
