import { expireDirectoryCache } from '@/server/publicCache'

import { ok } from '../lib/http'

/**
 * The answer to a directory write that has committed. The collection hooks expire the cached
 * directory reads already, but inside the transaction: a page read in between could cache the
 * old state again, so the cache is expired once more now that the change is visible.
 */
export const committed = (body?: Record<string, unknown>) => {
  expireDirectoryCache()
  return ok(body)
}
