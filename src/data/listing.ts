import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/routing'
import type { ListingSort } from '@/lib/directoryViews'
import { NOT_BEST_STATUSES, type ShownStatus } from '@/lib/publicStatus'
import { RATING_PRIOR } from '@/lib/rating'
import type { ResourceType } from '@/lib/resourceTypes'
import { CACHE_TAGS } from '@/server/cacheTags'
import { cachedRead } from '@/server/publicCache'
import { runSql } from '@/server/sql/run'
import type { Resource } from '@payload-types'

import { getPayload } from './payload'
import { resourceSummary } from './views/resources'

export const PAGE_SIZE = 12

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
