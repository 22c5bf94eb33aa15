import type pg from 'pg'

import { LISTING_SORTS } from '@/lib/directoryViews'
import { type ResourceType, prefixOf } from '@/lib/resourceTypes'

import { percentile } from './lib'

// The pages the load bench (bench/run.ts) visits, and its first visits' measure.

/**
 * Pages visited one after another, each for the first time (nothing cached yet): what rendering
 * a page costs, without the queueing of concurrent requests.
 */
export const firstVisits = async (base: string, name: string, paths: string[]) => {
  const times: number[] = []
  for (const path of paths) {
    const start = performance.now()
    const response = await fetch(`${base}${path}`)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${path} answered ${response.status}`)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const row = {
    name,
    visits: times.length,
    p50: Math.round(percentile(times, 50)),
    p95: Math.round(percentile(times, 95)),
  }
  console.log(row)
  return row
}

/** Words of the generated data set's titles and types, for searches no one has made yet. */
export const SEARCH_WORDS = [
  'crypto',
  'bazar',
  'golden',
  'market',
  'shop',
  'exchange',
  'forum',
  'обмен',
]

/** Distinct listing views of the marketplaces: every sort, pages 1 to `pages`. */
export const listingViews = (pages: number) =>
  LISTING_SORTS.flatMap((sort) =>
    Array.from(
      { length: pages },
      (_, i) => `/en/resources/marketplaces?sort=${sort}&page=${i + 1}`,
    ),
  )

/** How many listing pages the published marketplaces fill. */
export const marketplacePages = async (client: pg.Client) => {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM resources WHERE type = 'marketplace' AND status = 'published'`,
  )
  return Math.ceil(rows[0].n / 12)
}

/** The pages of published generated resources, in a shuffled order. */
export const resourcePaths = async (client: pg.Client) => {
  const { rows } = await client.query<{ type: ResourceType; slug: string }>(
    `SELECT type, slug FROM resources WHERE status = 'published' AND slug LIKE 'bulk-%'
     ORDER BY md5(slug)`,
  )
  return rows.map(({ type, slug }) => `/en/resources/${prefixOf(type)}/${slug}`)
}
