import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { seed } from '@/seed'

import { APP_SERVER, run, serveUntilExit } from '../../scripts/lib/run'
import { withPayload } from '../../scripts/lib/withPayload'
import { mailsTo, startMailbox } from '../helpers/mailbox'
import { createTestDatabase } from '../helpers/testDatabase'

import { e2eInstanceFile } from './instances'

/**
 * The app under test: the production server (scripts/serve.ts start) on a fresh, seeded database
 * of its own, with uploads in a temporary folder; both are removed at the end, once the server
 * has stopped. Its mail goes to a local SMTP catcher, whose messages the tests read over HTTP:
 * GET http://127.0.0.1:$E2E_MAIL_PORT/mails?to=<address> → [{to, subject, text, html}].
 */
const port = process.env.E2E_PORT || '3100'
const mailPort = Number(process.env.E2E_MAIL_PORT || 3199)
const database = await createTestDatabase('e2e')
const mailbox = await startMailbox()
process.env.DATABASE_URL = database.url
process.env.PAYLOAD_SECRET ||= 'e2e-test-secret'
process.env.NEXT_PUBLIC_SERVER_URL = `http://localhost:${port}`
process.env.SMTP_HOST = '127.0.0.1'
process.env.SMTP_PORT = String(mailbox.port)
const mediaDir = mkdtempSync(path.join(tmpdir(), 'obzor-e2e-media-'))
process.env.MEDIA_DIR = mediaDir
process.env.ATTACHMENTS_DIR = path.join(mediaDir, 'attachments')
// Each test is a client of its own behind a proxy on the loopback (tests/e2e/support.ts sends
// its own X-Forwarded-For), so the per-address limits of one test do not reach the next.
process.env.TRUSTED_PROXIES = '127.0.0.1, ::1'

const mailApi = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  if (request.method !== 'GET' || url.pathname !== '/mails') {
    response.writeHead(404).end()
    return
  }
  response
    .writeHead(200, { 'Content-Type': 'application/json' })
    .end(JSON.stringify(mailsTo(url.searchParams.get('to') ?? '')))
})
await new Promise<void>((resolve) => mailApi.listen(mailPort, '127.0.0.1', resolve))

await withPayload((payload) => seed({ payload }))

// What a second instance of the app needs to serve the same site (the chat's two-instance test).
const instanceFile = e2eInstanceFile(port)
writeFileSync(
  instanceFile,
  JSON.stringify({
    DATABASE_URL: database.url,
    PAYLOAD_SECRET: process.env.PAYLOAD_SECRET,
    MEDIA_DIR: process.env.MEDIA_DIR,
    ATTACHMENTS_DIR: process.env.ATTACHMENTS_DIR,
    SMTP_HOST: process.env.SMTP_HOST,
    SMTP_PORT: process.env.SMTP_PORT,
    TRUSTED_PROXIES: process.env.TRUSTED_PROXIES,
  }),
)

const server = run({
  command: 'node',
  args: [...APP_SERVER, 'start', '-p', port],
  env: { ...process.env, NODE_ENV: 'production' },
})
await serveUntilExit(server, async () => {
  mailApi.close()
  mailbox.close()
  await database.drop()
  rmSync(mediaDir, { recursive: true, force: true })
  rmSync(instanceFile, { force: true })
})
