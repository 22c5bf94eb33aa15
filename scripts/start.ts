import { trustedProxies } from '@/server/clientAddress'
import { env, isUsingDevSecret } from '@/server/env'
import { checkEnvAtStart } from '@/server/envSchema'

import { resolveDatabase } from './lib/resolveDatabase'
import { APP_SERVER, run, serveUntilExit } from './lib/run'

/** `npm start`: the production server; pending migrations are applied as it starts. */
checkEnvAtStart()
if (isUsingDevSecret()) {
  console.error('PAYLOAD_SECRET must be set to start in production (see README.md).')
  process.exit(1)
}
if (env().TEST_PASSWORD_HASH_ITERATIONS) {
  console.error('TEST_PASSWORD_HASH_ITERATIONS weakens every password: it is for the tests only.')
  process.exit(1)
}
// A mistyped TRUSTED_PROXIES stops the start rather than every sign-in.
trustedProxies()
const { databaseUrl, embedded } = await resolveDatabase()
const next = run({
  command: 'node',
  args: [...APP_SERVER, 'start', ...process.argv.slice(2)],
  env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
})
await serveUntilExit(next, async () => {
  await embedded?.stop()
})
