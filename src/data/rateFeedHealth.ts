import 'server-only'

import type { User } from '@payload-types'

import { getPayload } from './payload'
import { type RateFeedHealth, rateFeedHealth } from './views/rateFeeds'

/**
 * For "My resources": the feed health of the exchangers among `resourceIds` that `user` manages,
 * by resource id (not cached; the panel then asks GET /rates-feed-health while open).
 */
export const listRateFeedHealth = async ({
  user,
  resourceIds,
}: {
  user: User
  resourceIds: number[]
}): Promise<Record<number, RateFeedHealth>> => {
  const health = await rateFeedHealth({ payload: await getPayload(), user, resourceIds })
  return Object.fromEntries(health.map((feed) => [feed.resource_id, feed]))
}
