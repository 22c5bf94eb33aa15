import { seed } from '@/seed'

import { closePayload } from './lib/closePayload'
import { resolveDatabase } from './lib/resolveDatabase'
import { NEXT_BIN, run, serveUntilExit } from './lib/run'

/**
 * `npm run dev`: the database (embedded when DATABASE_URL is unset), pending migrations, the demo
 * content on first start, then `next dev`.
 */
const { databaseUrl, embedded } = await resolveDatabase()
process.env.DATABASE_URL = databaseUrl

const [{ getPayload }, { default: config }] = await Promise.all([
  import('payload'),
  import('@payload-config'),
])
const payload = await getPayload({ config })
const { totalDocs } = await payload.count({ collection: 'users' })
if (totalDocs === 0) await seed({ payload })
await closePayload(payload)

const next = run({ command: 'node', args: [NEXT_BIN, 'dev', ...process.argv.slice(2)] })
await serveUntilExit(next, async () => {
  await embedded?.stop()
})
