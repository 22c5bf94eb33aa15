import { NEXT_BIN, run, serveUntilExit } from '../../scripts/lib/run'
import { withPayload } from '../../scripts/lib/withPayload'
import { seed } from '../../src/seed'
import { createTestDatabase } from '../helpers/testDatabase'

/** The app under test: `next start` on a fresh, seeded database of its own, dropped at the end. */
const port = process.env.E2E_PORT || '3100'
const database = await createTestDatabase('e2e')
process.env.DATABASE_URL = database.url
process.env.PAYLOAD_SECRET ||= 'e2e-test-secret'
process.env.NEXT_PUBLIC_SERVER_URL = `http://localhost:${port}`

await withPayload((payload) => seed({ payload }))

const server = run({
  command: 'node',
  args: [NEXT_BIN, 'start', '-p', port],
  env: { ...process.env, NODE_ENV: 'production' },
})
await serveUntilExit(server, database.drop)
