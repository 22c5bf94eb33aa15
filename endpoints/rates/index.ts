import * as calls from '@/api/rates'
import { readDirectionOffersView } from '@/data/views/rates'
import { DEFAULT_LOCALE } from '@/i18n/routing'

import { defineEndpoint } from '../lib/defineEndpoint'

/**
 * GET /rate-offers?from=BTC&to=SBERRUB&locale=en → {direction}: what the direction's page shows,
 * for its refresh while open. The same for everyone, so browsers and shared caches keep it a
 * little while; the server reads each direction at most once per few seconds.
 */
export const rateOffers = defineEndpoint(calls.rateOffers, {
  handler: async ({ req, query, reply }) => {
    const direction = await readDirectionOffersView({
      payload: req.payload,
      direction: { from: query.from, to: query.to },
      locale: query.locale ?? DEFAULT_LOCALE,
    })
    return reply(
      { direction },
      { headers: { 'Cache-Control': `public, max-age=${calls.RATE_OFFERS_MAX_AGE}` } },
    )
  },
})

export const rateEndpoints = [rateOffers]
