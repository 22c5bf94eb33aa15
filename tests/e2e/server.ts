import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { seed } from '@/seed'

import { APP_SERVER, run, serveUntilExit } from '../../scripts/lib/run'
import { withPayload } from '../../scripts/lib/withPayload'
import { FAST_PASSWORD_HASHING } from '../helpers/fastPasswords'
import { receivedTo, startMailbox } from '../helpers/mailbox'
import { createTestDatabases } from '../helpers/testDatabase'

import { E2E_WORKERS, MAIL_API, appPort, appUrl } from './apps'
import { SEEDED_PAGES, e2eInstanceFile, e2eSeededPagesFile } from './instances'

/**
 * The apps under test, one per Playwright worker (tests/e2e/apps.ts): the production server
 * (scripts/serve.ts start), each on a seeded database and an upload folder of its own. One
 * database and folder are seeded, the others are copies of them. All is removed at the end, once
 * the servers have stopped. Their mail goes to one local SMTP catcher, whose messages the tests
 * read over HTTP: GET $MAIL_API/mails?to=<address> → [{to, subject, text, html}];
 * GET $MAIL_API/ready answers 200 once every app serves (Playwright waits for it), and each app's
 * SEEDED_PAGES have been kept as the seed made them (tests/e2e/instances.ts).
 */
const mailbox = await startMailbox()
process.env.PAYLOAD_SECRET ||= 'e2e-test-secret'
process.env.SMTP_HOST = '127.0.0.1'
process.env.SMTP_PORT = String(mailbox.port)
// Each test is a client of its own behind a proxy on the loopback (tests/e2e/support.ts sends
// its own X-Forwarded-For), so the per-address limits of one test do not reach the next.
process.env.TRUSTED_PROXIES = '127.0.0.1, ::1'
// Each app runs its own job queues (JOBS_AUTORUN unset): the mail it queues is sent within a
// second (the email queue's cron), and scheduled publications are looked for every 5 seconds,
// not every minute (payload.config jobs).
delete process.env.JOBS_AUTORUN
process.env.JOBS_AUTORUN_CRON = '*/5 * * * * *'
// A view or a click reaches the owner's analytics within a second, not five.
process.env.ANALYTICS_FLUSH_SECONDS = '1'
// The link checks' seeded history stays as seeded: the demo addresses (example.com) do not answer.
process.env.LINK_CHECK_CRON = 'off'
// The exchangers' feeds the journeys serve on the loopback are fetched within seconds.
process.env.RATES_FETCH_SECONDS = '2'
process.env.RATES_FETCH_ALLOW_PRIVATE = 'true'
// The seed's accounts are hashed as the apps will check them.
Object.assign(process.env, FAST_PASSWORD_HASHING)

const mediaDirs = Array.from({ length: E2E_WORKERS }, () =>
  mkdtempSync(path.join(tmpdir(), 'obzor-e2e-media-')),
)
const databases = await createTestDatabases({
  prefix: 'e2e',
  count: E2E_WORKERS,
  prepare: async (url) => {
    process.env.DATABASE_URL = url
    process.env.MEDIA_DIR = mediaDirs[0]
    process.env.ATTACHMENTS_DIR = path.join(mediaDirs[0], 'attachments')
    await withPayload((payload) => seed({ payload }))
  },
})
for (const dir of mediaDirs.slice(1)) cpSync(mediaDirs[0], dir, { recursive: true })

const servers = databases.urls.map((databaseUrl, index) => {
  const port = String(appPort(index))
  // What the app needs, and a second instance of it (the chat's two-instance journey).
  const environment = {
    DATABASE_URL: databaseUrl,
    PAYLOAD_SECRET: process.env.PAYLOAD_SECRET!,
    MEDIA_DIR: mediaDirs[index],
    ATTACHMENTS_DIR: path.join(mediaDirs[index], 'attachments'),
    EXPORTS_DIR: path.join(mediaDirs[index], 'exports'),
    SMTP_HOST: process.env.SMTP_HOST!,
    SMTP_PORT: process.env.SMTP_PORT!,
    TRUSTED_PROXIES: process.env.TRUSTED_PROXIES!,
    ...FAST_PASSWORD_HASHING,
  }
  writeFileSync(e2eInstanceFile(port), JSON.stringify(environment))
  return run({
    command: 'node',
    args: [...APP_SERVER, 'start', '-p', port],
    env: {
      ...process.env,
      ...environment,
      NODE_ENV: 'production',
      NEXT_PUBLIC_SERVER_URL: appUrl(index),
    },
  })
})

const allServe = async () => {
  const answers = await Promise.all(
    databases.urls.map((_, index) => fetch(`${appUrl(index)}/ru`).catch(() => null)),
  )
  return answers.every((answer) => answer?.ok)
}

/**
 * Keeps the pages each app sends for SEEDED_PAGES, before any journey runs: what a journey
 * measures of the demo content alone (the home page's weight), which the files that run before
 * it on the same app change (their reviews and news are the latest). Once kept, true.
 */
let seededPagesKept = false
const keepSeededPages = async () => {
  if (seededPagesKept) return true
  const kept = await Promise.all(
    databases.urls.map(async (_, index) => {
      const pages: Record<string, string> = {}
      for (const address of SEEDED_PAGES) {
        const answer = await fetch(`${appUrl(index)}${address}`).catch(() => null)
        if (!answer?.ok) return false
        pages[address] = await answer.text()
      }
      writeFileSync(e2eSeededPagesFile(String(appPort(index))), JSON.stringify(pages))
      return true
    }),
  )
  seededPagesKept = kept.every(Boolean)
  return seededPagesKept
}

const mailApi = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  if (request.method === 'GET' && url.pathname === '/ready') {
    void allServe()
      .then(async (ready) => ready && (await keepSeededPages()))
      .then((ready) => response.writeHead(ready ? 200 : 503).end())
    return
  }
  if (request.method !== 'GET' || url.pathname !== '/mails') {
    response.writeHead(404).end()
    return
  }
  response
    .writeHead(200, { 'Content-Type': 'application/json' })
    .end(JSON.stringify(receivedTo(url.searchParams.get('to') ?? '')))
})
await new Promise<void>((resolve) =>
  mailApi.listen(Number(new URL(MAIL_API).port), '127.0.0.1', resolve),
)

await serveUntilExit(servers, async () => {
  mailApi.close()
  mailbox.close()
  await databases.drop()
  for (const dir of mediaDirs) rmSync(dir, { recursive: true, force: true })
  databases.urls.forEach((_, index) => {
    rmSync(e2eInstanceFile(String(appPort(index))), { force: true })
    rmSync(e2eSeededPagesFile(String(appPort(index))), { force: true })
  })
})
