import nextVitals from 'eslint-config-next/core-web-vitals'

/**
 * The floors of src/server (ARCHITECTURE.md, "The floors of src/server"), lowest first: a file
 * imports its own floor and the floors below it, never one above. A floor is a list of files and
 * folders (a folder holds whatever is added to it); tests/unit/serverFloors.spec.ts checks that
 * every file of src/server stands on exactly one floor and that lint refuses a climb.
 */
export const SERVER_FLOORS = [
  {
    name: 'ground',
    what: 'configuration, logging, the request, messages, tokens and pure helpers',
    paths: [
      'adminTranslations.ts',
      'cacheTags.ts',
      'clientAddress.ts',
      'contactReplyFrame.ts',
      'cookies.ts',
      'demoRatesFeed.ts',
      'env.ts',
      'envSchema.ts',
      'graphqlBodies.ts',
      'hookContract.ts',
      'inputFaults.ts',
      'invitationTokens.ts',
      'jobQueues.ts',
      'logging.ts',
      'nestedRequest.ts',
      'notificationWords.ts',
      'origins.ts',
      'passwords.ts',
      'pgpSigning.ts',
      'primaryReads.ts',
      'privateAnswers.ts',
      'requestContext.ts',
      'richText.ts',
      'rss.ts',
      'serverMessages.ts',
      'session.ts',
      'undoToken.ts',
      'unsubscribeToken.ts',
      'uploadContent.ts',
    ],
  },
  {
    name: 'database',
    what: 'the named statements, transactions, migrations and the database watch',
    paths: ['sql', 'databaseHealth.ts', 'db.ts', 'migrations.ts'],
  },
  {
    name: 'services',
    what: 'what the process keeps or talks to: mail, rate limits, caches, files, sessions, figures',
    paths: [
      'pageCache',
      'cacheExpiryBus.ts',
      'email.ts',
      'fileStorage.ts',
      'mailQueue.ts',
      'metrics.ts',
      'pageWarming.ts',
      'publicCache.ts',
      'rateLimit.ts',
      'requestLog.ts',
      'sessionLookup.ts',
    ],
  },
  {
    name: 'features',
    what: "the app's own work: security, analytics, chat, archives, link checks, rates, notices, clean-up",
    paths: [
      'accountSecurity',
      'analytics',
      'chat',
      'dataExport',
      'invitations',
      'linkChecks',
      'rates',
      'accountDeletion.ts',
      'cleanUp.ts',
      'notificationDigest.ts',
      'notificationMail.ts',
      'retention.ts',
    ],
  },
  {
    name: 'watch',
    what: "what answers for the process: the metrics' scrape, the worker's health, the server hooks",
    paths: ['metricsExposition.ts', 'serverHooks.ts', 'workerHealth.ts'],
  },
].map((floor) => ({ ...floor, paths: floor.paths.map((path) => `./src/server/${path}`) }))

/**
 * The same rule as the parts' arrows (import/no-restricted-paths), under a name of its own so that
 * its zones add to the parts' zones rather than replace them for the files of src/server.
 */
const importPlugin = nextVitals.find((config) => config.plugins?.import).plugins.import

export const FLOORS_RULE = 'server-floors/no-restricted-paths'

const zones = SERVER_FLOORS.slice(0, -1).map((floor, index) => ({
  target: floor.paths,
  from: SERVER_FLOORS.slice(index + 1).flatMap((above) => above.paths),
  message: `The ${floor.name} floor of src/server imports only its own floor and those below it.`,
}))

export const serverFloors = [
  {
    files: ['src/server/**'],
    plugins: { 'server-floors': importPlugin },
    rules: { [FLOORS_RULE]: ['error', { zones }] },
  },
]
