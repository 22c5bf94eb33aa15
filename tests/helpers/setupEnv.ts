import { inject } from 'vitest'

import { PEER_ADDRESS_FLAG } from '@/lib/peerAddress'

import { FAST_PASSWORD_HASHING } from './fastPasswords'
import { startMailbox } from './mailbox'

// Payload's config reads these when it is imported, so they are set before any test file loads.
// Each worker has a database and an upload folder of its own: the files of one worker run one
// after another, and beside the other workers' (tests/helpers/globalSetup.ts).
const worker = Number(process.env.VITEST_POOL_ID ?? 1)
process.env.DATABASE_URL = inject('databaseUrls')[worker - 1]
process.env.PAYLOAD_SECRET ||= 'integration-test-secret'
process.env.NEXT_PUBLIC_SERVER_URL ||= 'http://localhost:3000'
process.env.MEDIA_DIR = `${inject('mediaDir')}/${worker}`
process.env.ATTACHMENTS_DIR = `${inject('mediaDir')}/${worker}/attachments`
process.env.EXPORTS_DIR = `${inject('mediaDir')}/exports-${worker}`
// Scheduled jobs run only when a test runs them (payload.jobs.run).
process.env.JOBS_AUTORUN = 'false'
Object.assign(process.env, FAST_PASSWORD_HASHING)
// The walks (tests/int/bad-input-*) send 100,000 refused requests, each an info line: written and
// relayed to Vitest, they cost a fifth of the walks' time and bury a failure's own output.
process.env.LOG_LEVEL ||= 'warn'
// Requests carry their client's address as scripts/serve.ts would write it (tests/helpers/restClient).
process.env[PEER_ADDRESS_FLAG] = '1'

// Mail goes to a local SMTP server that the tests read (tests/helpers/mailbox.ts): one per
// worker, as its Payload is one (this runs before each of the worker's files).
if (!process.env.SMTP_PORT) {
  const mailbox = await startMailbox()
  process.env.SMTP_HOST = '127.0.0.1'
  process.env.SMTP_PORT = String(mailbox.port)
  process.env.EMAIL_FROM = 'no-reply@example.com'
}
