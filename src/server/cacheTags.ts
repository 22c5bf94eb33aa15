import 'server-only'

import type { ResourceType } from '@/lib/resourceTypes'

/** Next refuses a tag longer than 256 characters; the rest of a long address only narrows it. */
const ADDRESS_TAG_MAX = 200

/**
 * The tags of the public directory's cached reads, and so of the pages built from them (a page
 * carries the tags of every read it made): a write expires only the pages that show what it
 * changed, and a stream of reviews on one resource leaves the others' pages cached.
 */
export const CACHE_TAGS = {
  /** One resource's own reads, by id: the resource and its reviews (its page, in every view). */
  resource: (id: number) => `resource:${id}`,
  /**
   * Which resource an address names. Encoded, since a page's tags travel as one comma-separated
   * header and its address is whatever was asked for.
   */
  address: (slug: string) => `address:${encodeURIComponent(slug).slice(0, ADDRESS_TAG_MAX)}`,
  /** A type's listing views and country list, and the home page's best of that type. */
  listing: (type: ResourceType) => `listing:${type}`,
  /** The home page's counts per type and latest reviews. */
  home: 'home',
} as const

/**
 * A resource as a change found it, before or after. The type may be unknown (its reviews outlived
 * it); the slug is needed only where it may have changed: the resource's own writes.
 */
export type ChangedResource = { id: number; type?: ResourceType | null; slug?: string | null }

/**
 * The tags a change of these resources, or of reviews of them, touches: each one's own reads and
 * addresses, the listings of each type it had, and the home page, which counts and shows them all.
 */
export const tagsOfChange = ({ resources }: { resources: ChangedResource[] }) => [
  ...new Set([
    CACHE_TAGS.home,
    ...resources.flatMap(({ id, type, slug }) => [
      CACHE_TAGS.resource(id),
      ...(type ? [CACHE_TAGS.listing(type)] : []),
      ...(slug ? [CACHE_TAGS.address(slug)] : []),
    ]),
  ]),
]
