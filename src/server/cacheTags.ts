import 'server-only'

import { type ContentCollection, isArticleCollection } from '@/lib/content'
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
  /** Every search's results: its resources' cards and order, and the articles it found. */
  search: 'search',
  /** The public feeds of resources' status changes (a resource's change may add or rename an item). */
  statusFeed: 'status-feed',
  /** The home page's counts per type, latest reviews and latest news. */
  home: 'home',
  /**
   * The currencies the rates pages name (issue 48), and so every rates page and exchanger's
   * directions; the offers themselves are read afresh at each render of those short-lived pages.
   */
  rates: 'rates',
  /** A content collection's lists, feeds and neighbours (previous/next); all FAQs. */
  contentList: (collection: ContentCollection) => `content:${collection}`,
  /** One news item, post or page, by the slug its address names. */
  contentItem: (collection: ContentCollection, slug: string) =>
    `content:${collection}:${encodeURIComponent(slug).slice(0, ADDRESS_TAG_MAX)}`,
} as const

/**
 * A resource as a change found it, before or after. The type may be unknown (its reviews outlived
 * it); the slug is needed only where it may have changed: the resource's own writes.
 */
export type ChangedResource = { id: number; type?: ResourceType | null; slug?: string | null }

/**
 * The tags a change of these resources, or of reviews of them, touches: each one's own reads and
 * addresses, the listings of each type it had, the home page, which counts and shows them all,
 * and the searches, which may find them.
 */
export const tagsOfChange = ({ resources }: { resources: ChangedResource[] }) => [
  ...new Set([
    CACHE_TAGS.home,
    CACHE_TAGS.search,
    ...resources.flatMap(({ id, type, slug }) => [
      CACHE_TAGS.resource(id),
      ...(type ? [CACHE_TAGS.listing(type)] : []),
      ...(slug ? [CACHE_TAGS.address(slug)] : []),
    ]),
  ]),
]

/**
 * The tags a published change of content touches: the document's page under each slug it had, its
 * collection's lists and feeds, the home page when news changed (it shows the latest), and the
 * searches when an article changed (they find news and posts).
 */
export const tagsOfContentChange = ({
  collection,
  slugs,
}: {
  collection: ContentCollection
  slugs: (string | null | undefined)[]
}) => [
  ...new Set([
    CACHE_TAGS.contentList(collection),
    ...slugs
      .filter((slug): slug is string => Boolean(slug))
      .map((slug) => CACHE_TAGS.contentItem(collection, slug)),
    ...(collection === 'news' ? [CACHE_TAGS.home] : []),
    ...(isArticleCollection(collection) ? [CACHE_TAGS.search] : []),
  ]),
]
