import { resolveDatabase } from './lib/resolveDatabase'
import { PAYLOAD_BIN, run } from './lib/run'

/** Payload's CLI (migrate:create, migrate:status, …) against the configured or embedded database. */
const { databaseUrl, embedded } = await resolveDatabase()
const cli = run({
  command: 'node',
  args: [...PAYLOAD_BIN, ...process.argv.slice(2)],
  env: { ...process.env, DATABASE_URL: databaseUrl },
  detached: false,
})
const code = await cli.done
await embedded?.stop()
process.exit(code)
