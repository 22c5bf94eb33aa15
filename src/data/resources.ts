import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Where } from 'payload'
import { cache } from 'react'

import { findLatestReviews, findReviewPage } from '../../endpoints/directory/reviewReads'
import { resourceSummary } from '../../endpoints/directory/views'
import type { Resource } from '../../payload-types'
import type { Locale } from '@/i18n/routing'
import { runSql } from '@/lib/db'
import type { ListingSort, ReviewSort } from '@/lib/directoryViews'
import { cachedRead } from '@/lib/publicCache'
import type { ResourceType } from '@/lib/resourceTypes'

import { getPayload } from './payload'

export const PAGE_SIZE = 12
export const REVIEWS_PAGE_SIZE = 10

const SORT_FIELDS: Record<ListingSort, string[]> = {
  best: ['-ratingAverage', '-reviewCount', 'id'],
  reviews: ['-reviewCount', '-ratingAverage', 'id'],
  newest: ['-createdAt'],
  name: ['title', 'id'],
}

/** What a card shows; the description stays out of listings. */
export const CARD_FIELDS = {
  type: true,
  title: true,
  anons: true,
  slug: true,
  image: true,
  country: true,
  verified: true,
  status: true,
  ratingAverage: true,
  reviewCount: true,
} as const

export type ListingFilters = {
  type: ResourceType
  page: number
  sort: ListingSort
  country?: string
  verifiedOnly?: boolean
  minRating?: number
}

/** One page of a type's published resources, filtered and sorted (public listing pages). */
export const listResources = cachedRead(
  'listResources',
  async ({
    locale,
    type,
    page,
    sort,
    country,
    verifiedOnly,
    minRating,
  }: ListingFilters & { locale: Locale }) => {
    const payload = await getPayload()
    const where: Where[] = [{ type: { equals: type } }, { status: { equals: 'published' } }]
    if (country) where.push({ country: { equals: country } })
    if (verifiedOnly) where.push({ verified: { equals: true } })
    if (minRating) where.push({ ratingAverage: { greater_than_equal: minRating } })
    const result = await payload.find({
      collection: 'resources',
      where: { and: where },
      sort: SORT_FIELDS[sort],
      page,
      limit: PAGE_SIZE,
      depth: 1,
      locale,
      select: CARD_FIELDS,
      overrideAccess: true,
    })
    return {
      resources: (result.docs as Resource[]).map(resourceSummary),
      total: result.totalDocs,
      pages: result.totalPages,
      page: result.page ?? page,
    }
  },
)

/** The countries that published resources of a type are in, for the listing's filter. */
export const listCountries = cachedRead('listCountries', async (type: ResourceType) => {
  const payload = await getPayload()
  const { rows } = await runSql<{ country: string }>({
    payload,
    query: sql`SELECT DISTINCT country FROM resources
               WHERE type = ${type} AND status = 'published' AND country IS NOT NULL AND country <> ''
               ORDER BY country`,
  })
  return rows.map((row) => row.country)
})

/**
 * A published resource by its slug, with its description and image (the resource page). React's
 * cache shares the read between generateMetadata and the page of one request (hence plain
 * arguments: it compares them by identity).
 */
export const getResource = cache(
  cachedRead('getResource', async (slug: string, locale: Locale) => {
    const payload = await getPayload()
    const { docs } = await payload.find({
      collection: 'resources',
      where: { slug: { equals: slug }, status: { equals: 'published' } },
      depth: 1,
      limit: 1,
      pagination: false,
      locale,
      overrideAccess: true,
    })
    return (docs[0] as Resource | undefined) ?? null
  }),
)

const REVIEW_SORT_FIELDS: Record<ReviewSort, string[]> = {
  newest: ['-createdAt'],
  highest: ['-grade', '-createdAt'],
  lowest: ['grade', '-createdAt'],
}

/** One page of a resource's published reviews. */
export const listResourceReviews = cachedRead(
  'listResourceReviews',
  async ({ resourceId, page, sort }: { resourceId: number; page: number; sort: ReviewSort }) =>
    findReviewPage({
      payload: await getPayload(),
      where: { resource: { equals: resourceId }, status: { equals: 'published' } },
      sort: REVIEW_SORT_FIELDS[sort],
      page,
      limit: REVIEWS_PAGE_SIZE,
      withResource: false,
    }),
)

/** The best-rated published resources of a type (home page). */
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
  return resources.slice(0, limit)
}

/** Published resources per type. */
export const countByType = cachedRead('countByType', async () => {
  const payload = await getPayload()
  const { rows } = await runSql<{ type: ResourceType; count: number }>({
    payload,
    query: sql`SELECT type, count(*)::int AS count FROM resources WHERE status = 'published' GROUP BY type`,
  })
  return Object.fromEntries(rows.map((row) => [row.type, row.count])) as Partial<
    Record<ResourceType, number>
  >
})

/** The newest published reviews of published resources, titles in `locale`. */
export const latestReviews = cachedRead(
  'latestReviews',
  async ({ locale, limit }: { locale: Locale; limit: number }) =>
    findLatestReviews({ payload: await getPayload(), limit, locale }),
)
