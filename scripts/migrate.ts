import { allMigrations } from '@/server/migrations'

import { withPayload } from './lib/withPayload'

// Starting Payload applies pending migrations (onInit, or prodMigrations in production); the
// explicit call makes this script's purpose independent of NODE_ENV.
await withPayload((payload) => payload.db.migrate({ migrations: allMigrations }))
process.exit(0)
