import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'
import type { Payload } from 'payload'
import { cache } from 'react'

import type { Locale } from '@/i18n/routing'
import type { ListingSort, ReviewSort } from '@/lib/directoryViews'
import { LIMITS } from '@/lib/limits'
import { NOT_BEST_STATUSES, type ShownStatus } from '@/lib/publicStatus'
import { RATING_PRIOR } from '@/lib/rating'
import type { ResourceType } from '@/lib/resourceTypes'
import { CACHE_TAGS } from '@/server/cacheTags'
import { isUnstorable } from '@/server/inputFaults'
import { cachedRead } from '@/server/publicCache'
import { runSql } from '@/server/sql/run'
import type { Resource } from '@payload-types'

import { getPayload } from './payload'
import { pickLocale } from './views/content'
import { resourcePath, resourceSummary } from './views/resources'
import { findLatestReviews, findReviewPage } from './views/reviews'

export const PAGE_SIZE = 12
export const REVIEWS_PAGE_SIZE = 10

/**
 * The listing's orders, ties broken by id so pages never overlap. `l` is the resource's row in the
 * page's language, `o` in the other, whose title a resource written in one language is listed by
 * (both joined only for the name order).
 */
const LISTING_ORDER: Record<ListingSort, SQL> = {
  // Rated resources first, by their Bayesian average (src/lib/rating.ts), then the unrated.
  best: sql`r.review_count > 0 DESC,
    (r.rating_average * r.review_count + ${RATING_PRIOR.weight * RATING_PRIOR.mean})
      / (r.review_count + ${RATING_PRIOR.weight}) DESC,
    r.review_count DESC, r.id`,
  reviews: sql`r.review_count DESC, r.rating_average DESC, r.id`,
  newest: sql`r.created_at DESC, r.id DESC`,
  name: sql`coalesce(l.title, o.title), r.id`,
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
  publicStatus: true,
  publicStatusAt: true,
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
  status?: ShownStatus
}

/** One page of a type's published resources, filtered and sorted (public listing pages). */
export const readListing = async ({
  locale,
  type,
  page,
  sort,
  country,
  verifiedOnly,
  minRating,
  status,
}: ListingFilters & { locale: Locale }) => {
  const payload = await getPayload()
  const conditions = [sql`r.type = ${type}`, sql`r.status = 'published'`]
  if (country) conditions.push(sql`r.country = ${country}`)
  if (verifiedOnly) conditions.push(sql`r.verified`)
  if (minRating) conditions.push(sql`r.rating_average >= ${minRating}`)
  // "Best rated" never ranks a resource admins marked a scam or closed, unless the visitor asked
  // for those by the status filter; the page says how many it leaves out, and of which status.
  const notBest = sql`(${sql.join(
    NOT_BEST_STATUSES.map((value) => sql`${value}`),
    sql`, `,
  )})`
  const leavesOut = !status && sort === 'best'
  const leftOutConditions = [...conditions, sql`r.public_status IN ${notBest}`]
  if (status) conditions.push(sql`r.public_status = ${status}`)
  else if (leavesOut) conditions.push(sql`r.public_status NOT IN ${notBest}`)
  const [{ rows }, leftOut] = await Promise.all([
    // The page's ids first, from the listing indexes: Payload's own paginated find builds every
    // skipped row's localized fields, which grows with the page number.
    runSql<{ id: number; total: number }>({
      payload,
      query: sql`
        SELECT r.id, count(*) OVER ()::int AS total
        FROM resources r
        ${sort === 'name' ? sql`LEFT JOIN resources_locales l ON l._parent_id = r.id AND l._locale = ${locale} LEFT JOIN resources_locales o ON o._parent_id = r.id AND o._locale <> ${locale}` : sql``}
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY ${LISTING_ORDER[sort]}
        LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
    }),
    leavesOut ? countLeftOut({ payload, conditions: leftOutConditions }) : NOTHING_LEFT_OUT,
  ])
  const total = rows[0]?.total ?? 0
  const resources = await findResourcesInOrder({
    payload,
    ids: rows.map((row) => row.id),
    locale,
  })
  return {
    resources: resources.map(resourceSummary),
    total,
    // Past the last page there are no rows to count on: total 0, so the page is not found.
    pages: Math.ceil(total / PAGE_SIZE),
    page,
    /** The resources of `NOT_BEST_STATUSES` this order leaves out, per status. */
    leftOut,
  }
}

type LeftOut = Partial<Record<ShownStatus, number>>
const NOTHING_LEFT_OUT: LeftOut = {}

/** How many resources of a listing's filters the order leaves out, per status. */
const countLeftOut = async ({
  payload,
  conditions,
}: {
  payload: Payload
  conditions: SQL[]
}): Promise<LeftOut> => {
  const { rows } = await runSql<{ status: ShownStatus; count: number }>({
    payload,
    query: sql`SELECT r.public_status AS status, count(*)::int AS count FROM resources r
               WHERE ${sql.join(conditions, sql` AND `)} GROUP BY r.public_status`,
  })
  return Object.fromEntries(rows.map((row) => [row.status, row.count]))
}

/** `readListing`, cached per view and expired by the type's writes. */
export const listResources = cachedRead('listResources', readListing, ({ type }) => [
  CACHE_TAGS.listing(type),
])

/**
 * The resources of `ids`, in that order, with what a card shows (and with `searchText`, the
 * hidden text search results quote). One query, however many ids.
 */
export const findResourcesInOrder = async ({
  payload,
  ids,
  locale,
  withSearchText = false,
}: {
  payload: Payload
  ids: number[]
  locale: Locale
  withSearchText?: boolean
}) => {
  if (!ids.length) return []
  const { docs } = await payload.find({
    collection: 'resources',
    where: { id: { in: ids } },
    depth: 1,
    locale,
    pagination: false,
    overrideAccess: true,
    showHiddenFields: withSearchText,
    select: withSearchText ? { ...CARD_FIELDS, searchText: true } : CARD_FIELDS,
  })
  const byId = new Map((docs as Resource[]).map((doc) => [doc.id, doc]))
  return ids.map((id) => byId.get(id)).filter((doc): doc is Resource => Boolean(doc))
}

/** The countries that published resources of a type are in, for the listing's filter. */
export const listCountries = cachedRead(
  'listCountries',
  async (type: ResourceType) => {
    const payload = await getPayload()
    const { rows } = await runSql<{ country: string }>({
      payload,
      query: sql`SELECT DISTINCT country FROM resources
                 WHERE type = ${type} AND status = 'published' AND country IS NOT NULL AND country <> ''
                 ORDER BY country`,
    })
    return rows.map((row) => row.country)
  },
  (type) => [CACHE_TAGS.listing(type)],
)

/**
 * A published resource by its slug, with its description and image (the resource page). Read in
 * two steps, so that what the page shows is cached under the resource's id, which every write of
 * it or its reviews knows, and only the address under the slug. React's cache shares the read
 * between generateMetadata and the page of one request (hence plain arguments: it compares them
 * by identity).
 */
export const getResource = cache(async (slug: string, locale: Locale) => {
  // An address that no slug could be (too long, or text no column takes) names no resource.
  if (slug.length > LIMITS.resourceSlugMax || isUnstorable(slug)) return null
  const id = await findResourceId(slug)
  const resource = id === null ? null : await getPublishedResource(id, locale)
  // The address may have been read before the resource's latest rename: an old slug names nothing.
  return resource?.slug === slug ? resource : null
})

/** The id of the resource at an address, whatever its status. */
const findResourceId = cachedRead(
  'findResourceId',
  async (slug: string) => {
    const { rows } = await runSql<{ id: number }>({
      payload: await getPayload(),
      query: sql`SELECT id FROM resources WHERE slug = ${slug}`,
    })
    return rows[0]?.id ?? null
  },
  (slug) => [CACHE_TAGS.address(slug)],
)

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
export const listResourceReviews = cachedRead(
  'listResourceReviews',
  async ({
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
    }),
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
