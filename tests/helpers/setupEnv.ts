import { inject } from 'vitest'

// Payload's config reads these when it is imported, so they are set before any test file loads.
process.env.DATABASE_URL = inject('databaseUrl')
process.env.PAYLOAD_SECRET ||= 'integration-test-secret'
process.env.NEXT_PUBLIC_SERVER_URL ||= 'http://localhost:3000'
