import 'server-only'

import { cache } from 'react'

import { CACHE_TAGS } from '@/server/cacheTags'
import { cachedRead } from '@/server/publicCache'
import { readDownLinks, readLinkHealth } from '@/server/sql/linkChecks'

import { getPayload } from './payload'

/** What the resource page shows of one address's availability. */
export type LinkHealthView = {
  /** null: not checked yet. */
  up: boolean | null
  since: string | null
  checkedAt: string | null
  /** Share of the last 30 days' checks that found it up, 0..100; null without checks. */
  availability: number | null
}

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null)

/**
 * Each address a published resource lists, by address. Cached with the resource's page and
 * expired with it: the monitor expires it when an address's state flips; "checked … ago" and the
 * share may otherwise be a minute old.
 */
const readResourceLinkHealth = cachedRead(
  'readResourceLinkHealth',
  async (resourceId: number): Promise<Record<string, LinkHealthView>> => {
    const rows = await readLinkHealth({ payload: await getPayload(), resourceId })
    return Object.fromEntries(
      rows.map((row) => [
        row.url,
        {
          up: row.up,
          since: iso(row.since),
          checkedAt: iso(row.checked_at),
          availability: row.checks ? Math.floor((row.checks_up / row.checks) * 1000) / 10 : null,
        },
      ]),
    )
  },
  (resourceId) => [CACHE_TAGS.resource(resourceId)],
)

/** One read per page render, however many addresses ask. */
export const getResourceLinkHealth = cache(readResourceLinkHealth)

/** For "my resources": each resource's addresses found down, by resource id (not cached). */
export const listDownLinks = async (resourceIds: number[]) => {
  const rows = await readDownLinks({ payload: await getPayload(), resourceIds })
  const byResource: Record<number, { url: string; since: string }[]> = {}
  for (const row of rows) {
    ;(byResource[row.resource_id] ??= []).push({ url: row.url, since: iso(row.since)! })
  }
  return byResource
}
