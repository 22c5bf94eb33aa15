import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { en } from '@payloadcms/translations/languages/en'
import { ru } from '@payloadcms/translations/languages/ru'
import { buildConfig, defaultLoggerOptions } from 'payload'
import sharp from 'sharp'

import { UPLOAD_RULES } from '@/lib/limits'
import { isAdmin } from '@/lib/roles'
import { russianAdminWords, withRussianEditorWords } from '@/server/adminTranslations'
import { rollUpAnalyticsTask, withJobStatsClosed } from '@/server/analytics/rollUp'
import { cleanUpTasks } from '@/server/cleanUp'
import { watchDatabase } from '@/server/databaseHealth'
import { buildDataExportTask } from '@/server/dataExport/task'
import {
  databaseIdleInTransactionMs,
  databasePoolSize,
  databasePoolWaitMs,
  databaseUrl,
  env,
  fallbackLocale,
  logFormat,
  logLevel,
  runsJobs,
  payloadSecret,
  serverUrl,
  siteName,
} from '@/server/env'
import { fileStorage } from '@/server/fileStorage'
import { checkLinksTask } from '@/server/linkChecks/task'
import { payloadLogHooks } from '@/server/logging'
import {
  EMAIL_QUEUE,
  emailAdapter,
  releaseLapsedMailClaims,
  sendEmailTask,
} from '@/server/mailQueue'
import { allMigrations } from '@/server/migrations'
import { notificationDigestTask } from '@/server/notificationDigest'
import { trustedOrigins } from '@/server/origins'
import { warmPagesTask } from '@/server/pageWarming'
import { replicaUrls } from '@/server/primaryReads'
import { withPrivateAnswers } from '@/server/privateAnswers'
import { expireAgainOnCommit, followOtherProcesses } from '@/server/publicCache'
import { currentRequestId } from '@/server/requestContext'
import { offerServerHooks } from '@/server/serverHooks'
import { serverMessage } from '@/server/serverMessages'
import { AccountDeletions } from '@collections/AccountDeletions'
import { Attachments } from '@collections/Attachments'
import { AuthChallenges } from '@collections/AuthChallenges'
import { BackupCodes } from '@collections/BackupCodes'
import { ChatMessages } from '@collections/ChatMessages'
import { Comments } from '@collections/Comments'
import { ContactMessages } from '@collections/ContactMessages'
import { richTextEditor } from '@collections/content/richTextEditor'
import { DataExports } from '@collections/DataExports'
import { Faqs } from '@collections/Faqs'
import { Favorites } from '@collections/Favorites'
import { Media } from '@collections/Media'
import { News } from '@collections/News'
import { Notifications } from '@collections/Notifications'
import { Pages } from '@collections/Pages'
import { withScheduleAccess } from '@collections/PayloadJobs'
import { Posts } from '@collections/Posts'
import { Resources, titleInOneLanguage } from '@collections/Resources'
import { ResourceStatusChanges } from '@collections/ResourceStatusChanges'
import { ReviewReports } from '@collections/ReviewReports'
import { Reviews } from '@collections/Reviews'
import { ReviewVotes } from '@collections/ReviewVotes'
import { SecurityEvents } from '@collections/SecurityEvents'
import { SessionDetails } from '@collections/SessionDetails'
import { SignedMirrorLists } from '@collections/SignedMirrorLists'
import { SavedReplies } from '@collections/support/SavedReplies'
import { TicketMessages } from '@collections/support/TicketMessages'
import { Tickets } from '@collections/support/Tickets'
import { VerificationRequests } from '@collections/support/VerificationRequests'
import { UserBlocks } from '@collections/UserBlocks'
import { Users } from '@collections/Users'
import { guestReportsFor } from '@endpoints/analytics'
import { isCaptchaEnabled } from '@endpoints/lib/captcha'
import { answerDatabaseOutage } from '@hooks/answerDatabaseOutage'
import { answerInputFaults } from '@hooks/answerInputFaults'
import { guardQueuedSchedules, withSchedulingRules } from '@hooks/content/scheduledPublishing'
import { withQueryGuards } from '@hooks/queries/guardQueries'
import { withInputGuards } from '@hooks/refuseUnstorableInput'
import { recordFailedPayloadSignIn } from '@hooks/users/recordSecurityEvents'

import { endpoints } from './endpoints'

const dirname = path.dirname(fileURLToPath(import.meta.url))

export default buildConfig({
  admin: {
    user: Users.slug,
    // Payload's own picture: the default, Gravatar, is a request to another site on every page.
    avatar: 'default',
    importMap: { baseDir: path.resolve(dirname, 'src') },
    meta: { titleSuffix: ` — ${siteName}` },
    // «25 ноября 2026, 19:19» / "25 November 2026, 19:19": date-fns, in the admin's language.
    dateFormat: 'd MMMM yyyy, HH:mm',
    components: {
      beforeDashboard: [
        // What waits for the moderators, linking to the site's queues (admins only).
        '@/components/admin/ModerationQueues#ModerationQueues',
        // The site's last seven days, compact (admins only; the full view is /analitycs).
        '@/components/admin/AnalyticsSummary#AnalyticsSummary',
        // Editors and admins: the scheduled publications that failed at their time.
        '@/components/admin/FailedPublicationsPanel#FailedPublicationsPanel',
      ],
      // Editors and admins: the publications waiting for their time; admins: the machinery (jobs,
      // backups, link checks, mail). Both linked from the navigation.
      afterNavLinks: [
        '@/components/admin/ScheduledNavLink#ScheduledNavLink',
        '@/components/admin/MachineryNavLink#MachineryNavLink',
      ],
      views: {
        scheduledPublications: {
          Component: '@/components/admin/ScheduledPublicationsView#ScheduledPublicationsView',
          path: '/scheduled-publications',
        },
        machinery: {
          Component: '@/components/admin/MachineryView#MachineryView',
          path: '/system',
        },
      },
    },
    livePreview: {
      // Named by width: Payload shows a breakpoint's label as it is, in either language.
      breakpoints: [
        { name: 'phone', label: '390 px', width: 390, height: 844 },
        { name: 'desktop', label: '1366 px', width: 1366, height: 900 },
      ],
    },
  },
  collections: [
    Users,
    Resources,
    Reviews,
    ReviewVotes,
    ReviewReports,
    Favorites,
    News,
    Posts,
    Pages,
    Faqs,
    Comments,
    ContactMessages,
    Tickets,
    TicketMessages,
    SavedReplies,
    VerificationRequests,
    ChatMessages,
    Media,
    Attachments,
    AuthChallenges,
    UserBlocks,
    SignedMirrorLists,
    ResourceStatusChanges,
    Notifications,
    SessionDetails,
    SecurityEvents,
    BackupCodes,
    DataExports,
    AccountDeletions,
  ],
  endpoints,
  // Scheduled publishing (news, posts, pages, FAQs): each instance's server looks for due jobs
  // every minute (JOBS_AUTORUN_CRON, with seconds in the tests), from its first request on
  // (src/data/payload.ts starts the runner with the site's first page); a job publishes through the
  // collection, whose hooks expire the pages at once. A schedule that could not be published is
  // refused on every door, and a failure at its time is shown and told (withSchedulingRules,
  // guardQueuedSchedules: hooks/content/scheduledPublishing.ts).
  //
  // Every email is a job of the `email` queue (src/server/mailQueue.ts), looked for every second
  // (JOBS_EMAIL_CRON), so a code arrives within seconds; the runner's error lines, which print a
  // job's input (a mail's code), are off for it. JOBS_AUTORUN=false leaves the running and
  // the scheduling to `npm run worker` (the instance only queues what its requests ask for).
  jobs: {
    autoRun: [
      {
        cron: env().JOBS_AUTORUN_CRON,
        queue: 'default',
        limit: 20,
        // Only a process that runs the jobs queues the scheduled ones: an instance that only serves
        // writes nothing on its own (its reads stay on the read replicas).
        disableScheduling: !runsJobs(),
      },
      {
        cron: env().JOBS_EMAIL_CRON,
        queue: EMAIL_QUEUE,
        limit: 10,
        disableScheduling: true,
        silent: { error: true },
      },
    ],
    // Before each look for jobs, mails claimed by a runner that was killed are freed once their
    // lease is over (MAIL_CLAIM_LEASE_SECONDS; src/server/mailQueue.ts).
    shouldAutoRun: async (payload) => {
      if (!runsJobs()) return false
      await releaseLapsedMailClaims(payload)
      return true
    },
    // Only admins run the queue by hand (GET /api/payload-jobs/run); the schedule runs itself.
    access: { run: ({ req }) => isAdmin(req.user) },
    jobsCollectionOverrides: withScheduleAccess,
    // The site's daily analytics, on a schedule of their own (src/server/analytics/rollUp.ts); every
    // mail (src/server/mailQueue.ts); the hourly clean-ups (src/server/cleanUp.ts); the resources'
    // link checks (src/server/linkChecks, LINK_CHECK_CRON); the daily digest of notification mails
    // (src/server/notificationDigest.ts, NOTIFICATION_DIGEST_CRON); the pages warmed after a deploy
    // (src/server/pageWarming.ts, PAGE_WARMING_URL).
    tasks: [
      rollUpAnalyticsTask,
      sendEmailTask,
      ...cleanUpTasks,
      checkLinksTask,
      notificationDigestTask,
      buildDataExportTask,
      warmPagesTask,
    ],
  },
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
  i18n: {
    fallbackLanguage: fallbackLocale(),
    supportedLanguages: { ru, en },
    // The site's words where Payload's differ (a login, yes and no for a checkbox); Payload's
    // Russian search placeholder drops the field's name, and its sort buttons print a label given
    // in both languages as "[object Object]": both read without it.
    translations: {
      ru: {
        ...russianAdminWords,
        authentication: { username: 'Логин' },
        general: {
          ...russianAdminWords.general,
          true: 'Да',
          false: 'Нет',
          searchBy: 'Искать по: {{label}}',
          or: 'или',
          sortByLabelDirection: 'Сортировка {{direction}}',
          ascending: 'по возрастанию',
          descending: 'по убыванию',
        },
      },
      en: {
        authentication: { username: 'Login' },
        general: { true: 'Yes', false: 'No', sortByLabelDirection: 'Sort {{direction}}' },
      },
    },
  },
  localization: {
    // Each language falls back to the other: a text written in one language only (a resource
    // added in English, a news item not yet translated) is read in the other rather than as
    // nothing; the site's pages tell when they show such a text (`shown_in`).
    locales: [
      { code: 'ru', label: 'Русский', fallbackLocale: 'en' },
      { code: 'en', label: 'English', fallbackLocale: 'ru' },
    ],
    defaultLocale: 'ru',
    fallback: true,
  },
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
