import { withPayload } from './lib/withPayload'

// Starting Payload applies pending migrations (onInit, or prodMigrations in production); the
// explicit call makes this script's purpose independent of NODE_ENV. The migrations are imported
// after the config, as withPayload imports it: imported first, they pulled the config in before
// DATABASE_URL was settled.
await withPayload(async (payload) => {
  const { allMigrations } = await import('@/server/migrations')
  await payload.db.migrate({ migrations: allMigrations })
})
process.exit(0)
