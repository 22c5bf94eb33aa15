import { type ListingQuery, listingParams, readListingQuery } from './directoryViews'
import { type QueryParams, queryString } from './searchParams'

/** A listing's query as its address shows it: `?country=RU&verified=1`, defaults left out. */
export const listingSearch = (query: ListingQuery) => queryString(listingParams(query))

/** The listing address a filter form's values ask for, from its first page. */
export const listingHrefOf = ({ path, values }: { path: string; values: QueryParams }) =>
  `${path}${listingSearch({ ...readListingQuery(values), page: 1 })}`

/**
 * Where a listing address with an empty parameter (`?country=&rating=`, what the filter form
 * sends without JavaScript) belongs: the same view's clean address. Null for any other address,
 * which is served as it is.
 */
export const cleanListingAddress = (path: string, search: URLSearchParams): string | null => {
  const [first, prefix, ...rest] = path.split('/').filter(Boolean)
  if (first !== 'resources' || !prefix || rest.length) return null
  if (![...search.values()].some((value) => value === '')) return null
  const query = Object.fromEntries([...search.keys()].map((key) => [key, search.get(key) ?? '']))
  return `/resources/${prefix}${listingSearch(readListingQuery(query))}`
}
