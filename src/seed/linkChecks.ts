import type { Payload } from 'payload'

import { LINK_CHECK_LIMITS } from '@/lib/limits'
import { type CheckRow, type StateRow, addDemoLinkHistory } from '@/server/sql/linkChecks'

import { DEMO_RESOURCES } from './resources'

const HOUR = 60 * 60 * 1000

/** The demo's outages: the mirror down since yesterday; a night's outage twelve days ago. */
export const DEMO_LINK_OUTAGES: Record<string, { from: number; to: number | null }> = {
  'https://mirror.bazaar-one.example.com': { from: 24 * HOUR + 10 * 60 * 1000, to: null },
  'https://silk-market.example.com': { from: 12 * 24 * HOUR, to: 12 * 24 * HOUR - 5 * HOUR },
}

/**
 * A month of hourly checks of the published demo resources' addresses, written into the monitor's
 * tables as its runs would (no network in the seed): most up all along, one mirror down since
 * yesterday, one address with a past outage (so under 100%). Addresses with a state are kept.
 */
export const seedLinkChecks = async ({ payload }: { payload: Payload }) => {
  const { docs } = await payload.find({
    collection: 'resources',
    where: {
      status: { equals: 'published' },
      slug: { in: DEMO_RESOURCES.map(({ slug }) => slug) },
    },
    depth: 0,
    pagination: false,
    select: { links: true },
  })
  const now = Date.now()
  const checks: CheckRow[] = []
  const states: StateRow[] = []
  for (const doc of docs) {
    for (const url of new Set((doc.links ?? []).map((link) => link.url))) {
      const outage = DEMO_LINK_OUTAGES[url]
      const isDownAt = (ago: number) =>
        Boolean(outage) && ago <= outage.from && (outage.to === null || ago > outage.to)
      const hours = LINK_CHECK_LIMITS.availabilityDays * 24
      let state: StateRow | null = null
      for (let hour = hours; hour >= 0; hour -= 1) {
        const ago = hour * HOUR + 5 * 60 * 1000
        const up = !isDownAt(ago)
        const checkedAt = new Date(now - ago).toISOString()
        checks.push({
          resource_id: doc.id,
          url,
          up,
          status: up ? 200 : null,
          ms: up ? 180 + ((hour * 37) % 220) : 8000,
          error: up ? null : 'timeout',
          checked_at: checkedAt,
        })
        const since: string = state?.up === up ? state.since : checkedAt
        state = { resource_id: doc.id, url, up, since, checked_at: checkedAt }
      }
      if (state) states.push(state)
    }
  }
  return addDemoLinkHistory({ payload, checks, states })
}
