import { inject } from 'vitest'

import { PEER_ADDRESS_FLAG } from '@/lib/peerAddress'

import { startMailbox } from './mailbox'

// Payload's config reads these when it is imported, so they are set before any test file loads.
process.env.DATABASE_URL = inject('databaseUrl')
process.env.PAYLOAD_SECRET ||= 'integration-test-secret'
process.env.NEXT_PUBLIC_SERVER_URL ||= 'http://localhost:3000'
process.env.MEDIA_DIR = inject('mediaDir')
process.env.ATTACHMENTS_DIR = `${inject('mediaDir')}/attachments`
// Scheduled jobs run only when a test runs them (payload.jobs.run).
process.env.JOBS_AUTORUN = 'false'
// Requests carry their client's address as scripts/serve.ts would write it (tests/helpers/restClient).
process.env[PEER_ADDRESS_FLAG] = '1'

// Mail goes to a local SMTP server that the tests read (tests/helpers/mailbox.ts).
const mailbox = await startMailbox()
process.env.SMTP_HOST = '127.0.0.1'
process.env.SMTP_PORT = String(mailbox.port)
process.env.EMAIL_FROM = 'no-reply@example.com'
