import { parseArgs } from 'node:util'

import { seed } from '@/seed'
import { trustedProxies } from '@/server/clientAddress'
import { checkEnvAtStart } from '@/server/envSchema'

import { closePayload } from './lib/closePayload'
import { resolveDatabase } from './lib/resolveDatabase'
import { APP_SERVER, run, serveUntilExit } from './lib/run'

/**
 * `npm run dev`: the database (embedded when DATABASE_URL is unset), pending migrations, the demo
 * content on first start, then Next's development server behind scripts/serve.ts.
 */
// The demo exchangers' rates feeds are served by this app on localhost (endpoints/dev/ratesFeed.ts),
// which the fetcher's guard against private addresses would refuse.
process.env.RATES_FETCH_ALLOW_PRIVATE ??= 'true'
checkEnvAtStart()
trustedProxies()
// `npm run dev -- -p 3001`: the addresses this process prints (the outbox's) name that port too.
const { values } = parseArgs({ options: { port: { type: 'string', short: 'p' } }, strict: false })
if (typeof values.port === 'string') process.env.PORT = values.port
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

const next = run({ command: 'node', args: [...APP_SERVER, 'dev', ...process.argv.slice(2)] })
await serveUntilExit(next, async () => {
  await embedded?.stop()
})
