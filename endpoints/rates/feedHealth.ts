import * as calls from '@/api/ratesFeed'
import { rateFeedHealth } from '@/data/views/rateFeeds'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'

/**
 * GET /rates-feed-health?resource_id= → {health}: an exchanger its caller manages (admins: any).
 * Another's, a missing one and a resource that is no exchanger answer alike, 404, so the call
 * tells no one which exchangers exist or have a feed. Never cached: the owner watches it move.
 */
export const getRatesFeedHealth = defineEndpoint(calls.getRatesFeedHealth, {
  handler: async ({ req, user, query, reply }) => {
    const [health] = await rateFeedHealth({
      payload: req.payload,
      req,
      user,
      resourceIds: [query.resource_id],
    })
    if (!health) return fail({ req, status: 404, code: 'resource-not-found' })
    return reply({ health }, { headers: { 'Cache-Control': 'private, no-store' } })
  },
})

export const rateFeedEndpoints = [getRatesFeedHealth]
