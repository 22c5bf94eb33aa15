import type { Payload } from 'payload'

import { DEMO_RATES_FEEDS, demoRateItems } from '@/server/demoRatesFeed'
import { serverUrl } from '@/server/env'
import { recordDemoFetchedRates } from '@/server/sql/ratesDemo'

/** The demo feed's address of a seeded exchanger, served by endpoints/dev/ratesFeed.ts. */
export const demoRatesFeedUrl = (slug: string) => `${serverUrl()}/api/dev/rates-feed/${slug}`

/** How long ago the demo's down feed last gave valid rates: past RATES_STALE_SECONDS. */
const DOWN_SINCE_MS = 10 * 60 * 1000

/**
 * Gives the demo exchangers their rates feeds (DEMO_RATES_FEEDS), local addresses the fetcher
 * reads in development. The feed that is down gets, by SQL, the rates the fetcher would have
 * kept from its last good fetch ten minutes ago: the pages and the owner's panel show a stale
 * feed from the first minute, before the fetcher has met the 503. Answers how many it set.
 */
export const seedRates = async ({ payload }: { payload: Payload }) => {
  let set = 0
  for (const [slug, profile] of Object.entries(DEMO_RATES_FEEDS)) {
    const [resource] = (
      await payload.find({
        collection: 'resources',
        where: { slug: { equals: slug }, type: { equals: 'exchanger' } },
        limit: 1,
        depth: 0,
        select: { ratesFeed: true },
      })
    ).docs
    if (!resource || resource.ratesFeed) continue
    const url = demoRatesFeedUrl(slug)
    await payload.update({
      collection: 'resources',
      id: resource.id,
      data: { ratesFeed: url },
    })
    set += 1
    if (profile.isDown) {
      const at = new Date(Date.now() - DOWN_SINCE_MS)
      await recordDemoFetchedRates({
        payload,
        resourceId: resource.id,
        url,
        offers: demoRateItems(slug, at.getTime()),
        at,
      })
    }
  }
  return set
}
