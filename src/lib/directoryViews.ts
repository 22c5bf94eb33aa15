/**
 * The public directory pages (a listing, a resource, a search) are rendered once per view and kept
 * in Next's full-route cache. A page's query string is not part of that cache, so the proxy turns
 * the query of `/resources/{prefix}`, `/resources/{prefix}/{url}` and `/search` into one path
 * segment, the view, of an internal route (VIEW_ROOT). A view is canonical: unknown or invalid
 * parameters fall back to the defaults, so a listing's or a resource's query maps to one of a
 * bounded set of views, and a search's to one view per normalised term.
 *
 * A view segment reads `sort-newest.page-2.country-RU`: `key-value` pairs in a fixed order, joined
 * by dots, defaults left out; DEFAULT_VIEW when everything is a default.
 */
import { decodedOr } from './percentEncoding'
import { type ShownStatus, isShownStatus } from './publicStatus'
import { RESOURCE_TYPES, type ResourceType } from './resourceTypes'
import { type QueryParams, firstParam, pageParam } from './searchParams'
import { normalizeQuery } from './searchQuery'

export const LISTING_SORTS = ['best', 'reviews', 'newest', 'name'] as const
export type ListingSort = (typeof LISTING_SORTS)[number]

export const REVIEW_SORTS = ['newest', 'helpful', 'highest', 'lowest'] as const
export type ReviewSort = (typeof REVIEW_SORTS)[number]

export const MIN_RATINGS = [4, 3, 2, 1] as const

/** The internal route the proxy rewrites to; visitors never see it, and it is not served directly. */
export const VIEW_ROOT = '/directory-view'
export const DEFAULT_VIEW = 'default'

export type ListingQuery = {
  sort: ListingSort
  page: number
  minRating?: number
  country?: string
  verifiedOnly: boolean
  /** Only the resources admins marked so (`status-scam`). */
  status?: ShownStatus
}

/** The review list of a resource page: its order, page, and optionally only one grade's reviews. */
export type ReviewQuery = { sort: ReviewSort; page: number; grade?: number }

export const REVIEW_GRADES = [5, 4, 3, 2, 1] as const

const oneOf = <T extends string>(values: readonly T[], value: string | undefined, fallback: T) =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback

/** A search's filters and page (its term is a path segment of its own). */
export type SearchFilters = { type?: ResourceType; country?: string; page: number }

/**
 * How a search was asked: from a search box (`/search?q=`, kept out of search engines) or at its
 * shareable address (`/search/{term}`); the two render the same results.
 */
export const SEARCH_FORMS = ['query', 'address'] as const
type SearchForm = (typeof SEARCH_FORMS)[number]

/** The term segment of a search with no term: a normalised term holds only letters and digits. */
const NO_TERM = '_'

const countryParam = (value: string | string[] | undefined) => {
  const country = firstParam(value)?.toUpperCase()
  return country && /^[A-Z]{2}$/.test(country) ? country : undefined
}

/** The listing's query, read leniently: anything unknown falls back to the default. */
export const readListingQuery = (query: QueryParams): ListingQuery => {
  const minRating = Number(firstParam(query.rating))
  const status = firstParam(query.status)
  return {
    sort: oneOf(LISTING_SORTS, firstParam(query.sort), 'best'),
    page: pageParam(query.page),
    minRating: (MIN_RATINGS as readonly number[]).includes(minRating) ? minRating : undefined,
    country: countryParam(query.country),
    verifiedOnly: firstParam(query.verified) === '1',
    status: isShownStatus(status) ? status : undefined,
  }
}

/** The resource page's review query: sort, page and grade, read leniently. */
export const readReviewQuery = (query: QueryParams): ReviewQuery => {
  const grade = Number(firstParam(query.grade))
  return {
    sort: oneOf(REVIEW_SORTS, firstParam(query.sort), 'newest'),
    page: pageParam(query.page),
    ...((REVIEW_GRADES as readonly number[]).includes(grade) ? { grade } : {}),
  }
}

/** The search's filters and page, read leniently. */
export const readSearchFilters = (query: QueryParams): SearchFilters => {
  const type = firstParam(query.type)
  return {
    type: RESOURCE_TYPES.find((entry) => entry.type === type)?.type,
    country: countryParam(query.country),
    page: pageParam(query.page),
  }
}

/** The listing's query as URL parameters, defaults left out (links, pagination, views). */
export const listingParams = (query: ListingQuery): Record<string, string | undefined> => ({
  sort: query.sort === 'best' ? undefined : query.sort,
  page: query.page > 1 ? String(query.page) : undefined,
  country: query.country,
  rating: query.minRating ? String(query.minRating) : undefined,
  verified: query.verifiedOnly ? '1' : undefined,
  status: query.status,
})

export const reviewParams = (query: ReviewQuery): Record<string, string | undefined> => ({
  sort: query.sort === 'newest' ? undefined : query.sort,
  page: query.page > 1 ? String(query.page) : undefined,
  grade: query.grade ? String(query.grade) : undefined,
})

/** The search's filters as URL parameters, defaults left out (links, pagination, views). */
export const searchFilterParams = (query: SearchFilters): Record<string, string | undefined> => ({
  type: query.type,
  country: query.country,
  page: query.page > 1 ? String(query.page) : undefined,
})

/** A search term as one path segment: its normal form (src/lib/searchQuery.ts), hyphenated. */
export const searchTermSegment = (term: string) => normalizeQuery(term).replace(/ /g, '-')

/** The normalised term a view's (decoded) term segment names; '' for none. */
export const readSearchTerm = (segment: string) =>
  segment === NO_TERM ? '' : normalizeQuery(segment.replace(/-/g, ' '))

const toView = (params: Record<string, string | undefined>) =>
  Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}-${value}`)
    .join('.') || DEFAULT_VIEW

const fromView = (view: string): QueryParams =>
  Object.fromEntries(
    view
      .split('.')
      .map((pair) => pair.split('-'))
      .filter((pair) => pair.length === 2),
  )

export const readListingView = (view: string) => readListingQuery(fromView(view))
export const readSearchView = (view: string) => readSearchFilters(fromView(view))
export const readReviewView = (view: string) => readReviewQuery(fromView(view))

/**
 * The internal path that renders a public directory address, or null when `path` (locale
 * removed) is not one: `/resources/shops?page=2` → `/directory-view/listing/shops/page-2`,
 * `/search?q=Crypto+Bank&page=2` → `/directory-view/search/query/crypto-bank/page-2`.
 */
export const directoryViewPath = (path: string, search: URLSearchParams): string | null => {
  const [first, prefix, url, ...rest] = path.split('/').filter(Boolean)
  const query = Object.fromEntries([...search.keys()].map((key) => [key, search.get(key) ?? '']))
  if (first === 'search' && !url) {
    const term = searchTermSegment(prefix ? decodedOr(prefix, '') : (query.q ?? ''))
    // An address whose term has nothing to search for is the search page itself.
    const form: SearchForm = prefix && term ? 'address' : 'query'
    const view = toView(searchFilterParams(readSearchFilters(query)))
    return `${VIEW_ROOT}/search/${form}/${encodeURIComponent(term || NO_TERM)}/${view}`
  }
  if (first !== 'resources' || !prefix || rest.length) return null
  return url
    ? `${VIEW_ROOT}/resource/${prefix}/${url}/${toView(reviewParams(readReviewQuery(query)))}`
    : `${VIEW_ROOT}/listing/${prefix}/${toView(listingParams(readListingQuery(query)))}`
}
