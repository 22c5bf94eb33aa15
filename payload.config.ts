import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { buildConfig, defaultLoggerOptions } from 'payload'
import sharp from 'sharp'

import { UPLOAD_RULES } from '@/lib/limits'
import { withRussianEditorWords } from '@/server/adminTranslations'
import { withJobStatsClosed } from '@/server/analytics/rollUp'
import { watchDatabase } from '@/server/databaseHealth'
import {
  databaseIdleInTransactionMs,
  databasePoolSize,
  databasePoolWaitMs,
  databaseUrl,
  env,
  logFormat,
  logLevel,
  payloadSecret,
  serverUrl,
} from '@/server/env'
import { fileStorage } from '@/server/fileStorage'
import { payloadLogHooks } from '@/server/logging'
import { emailAdapter } from '@/server/mailQueue'
import { allMigrations } from '@/server/migrations'
import { trustedOrigins } from '@/server/origins'
import { replicaUrls } from '@/server/primaryReads'
import { withPrivateAnswers } from '@/server/privateAnswers'
import { expireAgainOnCommit, followOtherProcesses } from '@/server/publicCache'
import { currentRequestId } from '@/server/requestContext'
import { offerServerHooks } from '@/server/serverHooks'
import { serverMessage } from '@/server/serverMessages'
import { richTextEditor } from '@collections/content/richTextEditor'
import { collections } from '@collections/index'
import { titleInOneLanguage } from '@collections/Resources/validation'
import { guestReportsFor } from '@endpoints/analytics'
import { isCaptchaEnabled } from '@endpoints/lib/captcha'
import { answerDatabaseOutage } from '@hooks/answerDatabaseOutage'
import { answerInputFaults } from '@hooks/answerInputFaults'
import { guardQueuedSchedules, withSchedulingRules } from '@hooks/content/scheduledPublishing'
import { withQueryGuards } from '@hooks/queries/guardQueries'
import { withInputGuards } from '@hooks/refuseUnstorableInput'
import { recordFailedPayloadSignIn } from '@hooks/users/recordSecurityEvents'

import { admin } from './config/admin'
import { jobs } from './config/jobs'
import { i18n, localization } from './config/languages'
import { endpoints } from './endpoints'

const dirname = path.dirname(fileURLToPath(import.meta.url))

export default buildConfig({
  admin,
  collections,
  endpoints,
  jobs,
  db: postgresAdapter({
    // Per process, and as many again per read replica (bench/README.md, "Several instances").
    pool: {
      connectionString: databaseUrl(),
      max: databasePoolSize(),
      // A request waits this long for a connection, then answers 503 (src/server/env.ts).
      connectionTimeoutMillis: databasePoolWaitMs(),
      idle_in_transaction_session_timeout: databaseIdleInTransactionMs(),
    },
    // Guests' reads from the replicas; writes, signed-in visitors and cached reads from the
    // primary (src/server/primaryReads.ts).
    readReplicas: replicaUrls(),
    // Schema changes always go through committed migrations, in development too, so that a
    // database never mixes pushed and migrated schema.
    push: false,
    prodMigrations: allMigrations,
    // A resource may be titled in one language only (collections/Resources/validation.ts).
    beforeSchemaInit: [titleInOneLanguage],
  }),
  editor: richTextEditor(),
  // Queued (src/server/mailQueue.ts), then sent by SMTP when SMTP_HOST is set; else kept in a
  // development outbox (/api/dev/outbox), or only logged.
  email: emailAdapter(),
  i18n,
  localization,
  // An error the request's own input caused answers 400, on REST and GraphQL alike; a database
  // that did not answer, 503 with Retry-After.
  hooks: { afterError: [answerInputFaults, answerDatabaseOutage, recordFailedPayloadSignIn] },
  // A refused query (Payload's or hooks/queries') is the caller's mistake: no stack in the log.
  loggingLevels: { QueryError: 'info' },
  // Payload's own output, but a database outage is told once (watchDatabase), not per request,
  // and a request's own fault (a 4xx) in one line (src/server/logging.ts).
  // Every line logged for a request carries its id (X-Request-Id); LOG_FORMAT=json writes JSON.
  logger: {
    options: {
      hooks: payloadLogHooks,
      level: logLevel(),
      mixin: () => {
        const requestId = currentRequestId()
        return requestId ? { requestId } : {}
      },
    },
    destination: logFormat() === 'json' ? process.stdout : defaultLoggerOptions,
  },
  async onInit(payload) {
    watchDatabase(payload)
    expireAgainOnCommit(payload)
    guardQueuedSchedules(payload)
    followOtherProcesses()
    // For the app's server (scripts/serve.ts), through its hooks (src/server/serverHooks.ts): each
    // request's figures for Prometheus and its log line, the metrics behind METRICS_TOKEN, guests'
    // analytics reports answered before Next by the track call's endpoint, and the counts to
    // write before a stop.
    offerServerHooks(payload, { answerGuestReport: guestReportsFor(payload) })
    if (!isCaptchaEnabled()) {
      payload.logger.warn(
        'reCAPTCHA is off: set RECAPTCHA_SECRET_KEY to require it at registration.',
      )
    }
    // Production applies migrations through `prodMigrations`; development and tests do it here
    // so that every way of starting the app meets an up-to-date schema.
    if (process.env.NODE_ENV !== 'production' && env().PAYLOAD_MIGRATING !== 'true') {
      await payload.db.migrate({ migrations: allMigrations })
    }
  },
  // Media and attachments in the S3 bucket when S3_BUCKET is set, else on disk; served by Payload's
  // file route after the collection's access either way (src/server/fileStorage.ts).
  plugins: [fileStorage()],
  // The origins whose requests may carry the session cookie (development: loopback aliases too).
  csrf: trustedOrigins(),
  secret: payloadSecret(),
  serverURL: serverUrl(),
  sharp,
  // Written by `npm run generate:types` only (`npm test` fails when it is stale): Payload would
  // otherwise start a process that rewrites this tracked file each time it starts outside
  // production, in every test worker, script and seed (a core's worth of seconds each).
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts'), autoGenerate: false },
  upload: {
    limits: { fileSize: UPLOAD_RULES.image.maxBytes },
    // Oversized bodies are cut off while they stream in, before any hook could pick the
    // visitor's language: the spec's English sentence is the answer.
    responseOnLimit: serverMessage({ locale: 'en', key: 'api.file-too-large' }),
  },
})
  // Every collection's where, sort, paging and page sizes pass the same rules (hooks/queries),
  // Payload's own collections too: they exist only once the config is built.
  .then(withQueryGuards)
  // Input no column can take is refused on every door of every collection before it reaches SQL.
  .then(withInputGuards)
  // Scheduled publications: refused on every door when they could not succeed, reported when they
  // fail at their time (Payload adds the jobs collection and the task while building).
  .then(withSchedulingRules)
  // The scheduler's bookkeeping (the analytics roll-up's schedule) is closed to every door.
  .then(withJobStatsClosed)
  // The rich-text editor's Russian labels, which the editor sets while the config is built.
  .then(withRussianEditorWords)
  // A signed-in caller's answers are kept by no cache, on every endpoint, Payload's own too.
  .then(withPrivateAnswers)
