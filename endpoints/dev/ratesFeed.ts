import type { Endpoint } from 'payload'

import { demoRatesFeed } from '@/server/demoRatesFeed'

import type { EndpointDoc } from '../lib/defineEndpoint'
import { fail } from '../lib/http'

/** Its line in the OpenAPI document, which names every endpoint served. */
const doc: EndpointDoc = {
  path: '/dev/rates-feed/:slug',
  method: 'get',
  auth: 'anyone',
  summary:
    "Development only: a demo exchanger's rates feed, in the exchangers' XML or JSON format (the seed's feeds)",
  answer: '<rates><item><from/><to/><in/><out/><amount/><minamount/><maxamount/></item></rates>',
}

/**
 * GET /dev/rates-feed/<slug>: the demo exchangers' rates feeds (src/server/demoRatesFeed.ts),
 * which the seed sets as their feeds, so the fetcher reads local feeds in development. Not a call
 * of the site's API (it answers in the exchangers' XML or JSON, not the API's shape), so it is no
 * declaration; registered only outside production with the outbox (dev/outbox.ts).
 */
export const devRatesFeed: Endpoint = {
  path: doc.path,
  method: doc.method,
  custom: { doc },
  handler: async (req) => {
    const slug = String(req.routeParams?.slug ?? '')
    const feed = demoRatesFeed(slug, Date.now())
    // No such demo exchanger: the API's own 404, in the caller's language.
    if (!feed) return fail({ req, status: 404, code: 'resource-not-found' })
    return new Response(feed.body, {
      status: feed.status,
      headers: { 'Content-Type': `${feed.type}; charset=utf-8`, 'Cache-Control': 'no-store' },
    })
  },
}
