import type { Payload } from 'payload'

import { closePayload } from './closePayload'
import { resolveDatabase } from './resolveDatabase'

/**
 * Runs `task` with a Payload instance on the configured (or embedded) database, then closes
 * everything it opened. The config is imported only after DATABASE_URL is settled.
 */
export const withPayload = async <T>(task: (payload: Payload) => Promise<T>): Promise<T> => {
  const { databaseUrl, embedded } = await resolveDatabase()
  process.env.DATABASE_URL = databaseUrl
  const [{ getPayload }, { default: config }] = await Promise.all([
    import('payload'),
    import('@payload-config'),
  ])
  const payload = await getPayload({ config })
  try {
    return await task(payload)
  } finally {
    await closePayload(payload)
    await embedded?.stop()
  }
}
