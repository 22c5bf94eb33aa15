import 'server-only'

import { type LinkHealthRow, readDownLinks } from '@/server/sql/linkChecks'

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
 * Each address a published resource lists, by address, as its page shows it. Read with the page's
 * other parts and cached with it (src/data/resourcePage.ts): the monitor expires it when an
 * address's state flips; "checked … ago" and the share may otherwise be a minute old.
 */
export const linkHealthViews = (rows: LinkHealthRow[]): Record<string, LinkHealthView> =>
  Object.fromEntries(
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

/** For "my resources": each resource's addresses found down, by resource id (not cached). */
export const listDownLinks = async (resourceIds: number[]) => {
  const rows = await readDownLinks({ payload: await getPayload(), resourceIds })
  const byResource: Record<number, { url: string; since: string }[]> = {}
  for (const row of rows) {
    ;(byResource[row.resource_id] ??= []).push({ url: row.url, since: iso(row.since)! })
  }
  return byResource
}
