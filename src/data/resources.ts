import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import { cache } from 'react'

import type { Locale } from '@/i18n/routing'
import type { ReviewSort } from '@/lib/directoryViews'
import { LIMITS } from '@/lib/limits'
import type { ResourceType } from '@/lib/resourceTypes'
import { CACHE_TAGS } from '@/server/cacheTags'
import { isUnstorable } from '@/server/inputFaults'
import { cachedRead } from '@/server/publicCache'
import { runSql } from '@/server/sql/run'
import type { Resource } from '@payload-types'

import { CARD_FIELDS, listResources } from './listing'
import { getPayload } from './payload'
import { pickLocale } from './views/content'
import { resourcePath } from './views/resources'
import { findLatestReviews, findReviewPage } from './views/reviews'

export const REVIEWS_PAGE_SIZE = 10

/**
 * A published resource by its slug, with its description and image (the resource page). Read in
 * two steps, so that what the page shows is cached under the resource's id, which every write of
 * it or its reviews knows, and only the address under the slug. React's cache shares the read
 * between generateMetadata and the page of one request (hence plain arguments: it compares them
 * by identity).
 */
export const getResource = cache((slug: string, locale: Locale) =>
  resourceAt({ slug, locale, findId: findResourceId, readPublished: getPublishedResource }),
)

/**
 * The same read as getResource, outside the cache: for a caller outside a page's render (a test
 * of what the page's readers show).
 */
export const readResourceAt = (slug: string, locale: Locale) =>
  resourceAt({ slug, locale, findId: readResourceId, readPublished: readPublishedResource })

const resourceAt = async ({
  slug,
  locale,
  findId,
  readPublished,
}: {
  slug: string
  locale: Locale
  findId: (slug: string) => Promise<number | null>
  readPublished: (id: number, locale: Locale) => Promise<ResourcePageDoc | null>
}) => {
  // An address that no slug could be (too long, or text no column takes) names no resource.
  if (slug.length > LIMITS.resourceSlugMax || isUnstorable(slug)) return null
  const id = await findId(slug)
  const resource = id === null ? null : await readPublished(id, locale)
  // The address may have been read before the resource's latest rename: an old slug names nothing.
  return resource?.slug === slug ? resource : null
}

/** The id of the resource at an address, whatever its status. */
const readResourceId = async (slug: string) => {
  const { rows } = await runSql<{ id: number }>({
    payload: await getPayload(),
    query: sql`SELECT id FROM resources WHERE slug = ${slug}`,
  })
  return rows[0]?.id ?? null
}

const findResourceId = cachedRead('findResourceId', readResourceId, (slug) => [
  CACHE_TAGS.address(slug),
])

/**
 * What the resource page (and its Open Graph picture) shows, and nothing more: the read is cached
 * and shared (in Redis with several instances), so its owner, moderation and pending key stay out.
 */
const PAGE_FIELDS = {
  ...CARD_FIELDS,
  description: true,
  links: true,
  publicStatusReason: true,
  ratingDistribution: true,
  criteriaAverages: true,
  updatedAt: true,
  // Public: visitors download the key and check the lists with it (the pending key stays out).
  pgpKey: true,
  pgpFingerprint: true,
} as const

/** A published resource as its page shows it: its texts in one language, `shown_in`. */
export type ResourcePageDoc = Pick<Resource, 'id' | keyof typeof PAGE_FIELDS> & {
  /** The language of its title, summary and description: the reader's, or the only one it has. */
  shown_in: Locale
  /** The language of its status reason, chosen the same way. */
  reason_in: Locale
}

type AllLocales<T> = Partial<Record<Locale, T | null>> | null | undefined

/** A published resource with its texts in one language (the reader's, or the one it has). */
export const readPublishedResource = async (
  id: number,
  locale: Locale,
): Promise<ResourcePageDoc | null> => {
  const payload = await getPayload()
  // Every language at once: the page shows one language's texts together, the reader's when
  // the resource has a title in it, else the other's, and says so.
  const { docs } = await payload.find({
    collection: 'resources',
    where: { id: { equals: id }, status: { equals: 'published' } },
    depth: 1,
    limit: 1,
    pagination: false,
    locale: 'all',
    overrideAccess: true,
    select: PAGE_FIELDS,
  })
  const doc = docs[0]
  if (!doc) return null
  const texts = doc as unknown as {
    title: AllLocales<string>
    anons: AllLocales<string>
    description: AllLocales<Resource['description']>
    publicStatusReason: AllLocales<string>
  }
  const shown = pickLocale({ locale, main: texts.title })
  const reasonIn = pickLocale({ locale, main: texts.publicStatusReason })
  return {
    ...doc,
    title: texts.title?.[shown] ?? '',
    anons: texts.anons?.[shown] ?? null,
    description: texts.description?.[shown] ?? null,
    // Admins' reason in the reader's language when they wrote one in it, else in the other.
    publicStatusReason: texts.publicStatusReason?.[reasonIn] || null,
    reason_in: reasonIn,
    shown_in: shown,
  }
}

const getPublishedResource = cachedRead('getPublishedResource', readPublishedResource, (id) => [
  CACHE_TAGS.resource(id),
])

const REVIEW_SORT_FIELDS: Record<ReviewSort, string[]> = {
  newest: ['-createdAt'],
  helpful: ['-helpfulCount', '-createdAt'],
  highest: ['-grade', '-createdAt'],
  lowest: ['grade', '-createdAt'],
}

/**
 * One page of a resource's published reviews, optionally of one grade only. `total` is how many
 * there are, which the resource's own counts know (`reviewTotal`): no statement counts them again.
 */
export const readResourceReviews = async ({
  resourceId,
  page,
  sort,
  grade,
  total,
}: {
  resourceId: number
  page: number
  sort: ReviewSort
  grade?: number
  total: number
}) =>
  findReviewPage({
    payload: await getPayload(),
    where: {
      resource: { equals: resourceId },
      status: { equals: 'published' },
      ...(grade ? { grade: { equals: grade } } : {}),
    },
    sort: REVIEW_SORT_FIELDS[sort],
    page,
    limit: REVIEWS_PAGE_SIZE,
    withResource: false,
    total,
  })

/** readResourceReviews, cached with the resource's tag (its page, its badge and widget). */
export const listResourceReviews = cachedRead(
  'listResourceReviews',
  readResourceReviews,
  ({ resourceId }) => [CACHE_TAGS.resource(resourceId)],
)

/**
 * How many published reviews a resource has, of one grade or all: its rating's aggregates, which
 * every change of its reviews recomputes in the same transaction (src/server/sql/statements.ts).
 */
export const reviewTotal = (
  resource: Pick<ResourcePageDoc, 'reviewCount' | 'ratingDistribution'>,
  grade?: number,
) => {
  if (!grade) return resource.reviewCount ?? 0
  const distribution = resource.ratingDistribution as Record<string, number> | null | undefined
  return Number(distribution?.[String(grade)] ?? 0)
}

/** The best-rated published resources of a type (home page); a resource without reviews is none. */
export const topResources = async ({
  type,
  locale,
  limit,
}: {
  type: ResourceType
  locale: Locale
  limit: number
}) => {
  const { resources } = await listResources({ locale, type, page: 1, sort: 'best' })
  return resources.filter((resource) => resource.review_count > 0).slice(0, limit)
}

/** Published resources per type. */
export const countByType = cachedRead(
  'countByType',
  async () => {
    const payload = await getPayload()
    const { rows } = await runSql<{ type: ResourceType; count: number }>({
      payload,
      query: sql`SELECT type, count(*)::int AS count FROM resources WHERE status = 'published' GROUP BY type`,
    })
    return Object.fromEntries(rows.map((row) => [row.type, row.count])) as Partial<
      Record<ResourceType, number>
    >
  },
  () => [CACHE_TAGS.home],
)

/** The newest published reviews of published resources, titles in `locale`. */
export const latestReviews = cachedRead(
  'latestReviews',
  async ({ locale, limit }: { locale: Locale; limit: number }) =>
    findLatestReviews({ payload: await getPayload(), limit, locale }),
  () => [CACHE_TAGS.home],
)

/** A sitemap may hold 50,000 addresses: two per resource, the most reviewed first. */
const SITEMAP_RESOURCES = 24_000

/** The published resources' addresses and last changes, for the sitemap. */
export const listResourceAddresses = async () => {
  const { rows } = await runSql<{ slug: string; type: ResourceType; updated_at: string }>({
    payload: await getPayload(),
    query: sql`SELECT slug, type, updated_at FROM resources
               WHERE status = 'published' AND slug IS NOT NULL
               ORDER BY review_count DESC, id LIMIT ${SITEMAP_RESOURCES}`,
  })
  return rows.map((row) => ({ path: resourcePath(row), updatedAt: new Date(row.updated_at) }))
}
