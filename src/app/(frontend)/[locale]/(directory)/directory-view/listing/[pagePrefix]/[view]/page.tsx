import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { CompareTray } from '@/components/compare/ComparePicker.client'
import { Pagination } from '@/components/directory/Pagination'
import { ResourceCard } from '@/components/directory/ResourceCard'
import { ResourceRelations } from '@/components/directory/ResourceRelations.client'
import { listCountries, listResources } from '@/data/listing'
import { ClientMessages } from '@/i18n/ClientMessages'
import { alternatesFor } from '@/i18n/metadata'
import { Link } from '@/i18n/navigation'
import { isLocale, localizedPath } from '@/i18n/routing'
import { countryName } from '@/lib/countries'
import { LISTING_SORTS, MIN_RATINGS, listingParams, readListingView } from '@/lib/directoryViews'
import { listingSearch } from '@/lib/listingUrl'
import { SHOWN_STATUSES } from '@/lib/publicStatus'
import { type ResourcePrefix, typeOfPrefix } from '@/lib/resourceTypes'
import { isPastLastPage } from '@/lib/searchParams'

import { ListingFilters } from './ListingFilters.client'

/**
 * /resources/{pagePrefix}?… as the proxy hands it over: one cached page per view (see
 * src/lib/directoryViews.ts), the same for every visitor; the browser adds the favorites toggles
 * and applies a change of the filters at once.
 */
type Props = { params: Promise<{ locale: string; pagePrefix: string; view: string }> }

export const generateStaticParams = () => []
// A time limit for other instances; on this one, a change of a resource of this type expires the
// page at once (its reads carry the type's listing tag, src/server/cacheTags.ts).
export const revalidate = 60

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, pagePrefix, view } = await params
  if (!typeOfPrefix(pagePrefix) || !isLocale(locale)) return {}
  const t = await getTranslations({ locale, namespace: 'listing' })
  const types = await getTranslations({ locale, namespace: 'types' })
  const { page } = readListingView(view)
  const title = types(pagePrefix as ResourcePrefix)
  const path = `/resources/${pagePrefix}${page > 1 ? `?page=${page}` : ''}`
  return {
    title: page > 1 ? t('title-page', { title, page }) : title,
    description: t(`description-${pagePrefix as ResourcePrefix}`),
    alternates: alternatesFor(locale, path),
  }
}

export default async function ListingPage({ params }: Props) {
  const { locale, pagePrefix, view } = await params
  const type = typeOfPrefix(pagePrefix)
  if (!type || !isLocale(locale)) notFound()
  setRequestLocale(locale)
  const prefix = pagePrefix as ResourcePrefix
  const query = readListingView(view)
  const [t, status, types, listing, countries] = await Promise.all([
    getTranslations('listing'),
    getTranslations('status'),
    getTranslations('types'),
    listResources({ locale, type, ...query }),
    listCountries(type),
  ])
  if (isPastLastPage({ page: query.page, pages: listing.pages })) notFound()
  const path = `/resources/${prefix}`
  // "Best rated" leaves scams and closed resources out: say how many, and offer them.
  const leftOut = SHOWN_STATUSES.flatMap((value) => {
    const count = listing.leftOut[value] ?? 0
    return count > 0 ? [[value, count] as const] : []
  })

  return (
    <ClientMessages group="directory">
      <div className="listing">
        <header className="listing-header">
          <h1>{types(prefix)}</h1>
          <p className="lead">{t(`description-${prefix}`)}</p>
        </header>
        <ListingFilters
          path={path}
          action={localizedPath(locale, path)}
          search={listingSearch(query)}
          activeCount={
            [query.country, query.minRating, query.verifiedOnly, query.status].filter(Boolean)
              .length
          }
          labels={{
            filters: t('filters'),
            active: t('filters-active'),
            close: t('filters-close'),
            done: t('filters-done', { count: listing.total }),
          }}
        >
          <div className="field">
            <label htmlFor="filter-country">{t('country')}</label>
            <select id="filter-country" name="country" defaultValue={query.country ?? ''}>
              <option value="">{t('any-country')}</option>
              {countries.map((code) => (
                <option key={code} value={code}>
                  {countryName(code, locale)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-rating">{t('min-rating')}</label>
            <select id="filter-rating" name="rating" defaultValue={query.minRating ?? ''}>
              <option value="">{t('any-rating')}</option>
              {MIN_RATINGS.map((n) => (
                <option key={n} value={n}>
                  {t('rating-from', { rating: n })}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-status">{status('filter-label')}</label>
            <select id="filter-status" name="status" defaultValue={query.status ?? ''}>
              <option value="">{status('filter-any')}</option>
              {SHOWN_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {status(`label-${value}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-sort">{t('sort')}</label>
            <select id="filter-sort" name="sort" defaultValue={query.sort}>
              {LISTING_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`sort-${sort}`)}
                </option>
              ))}
            </select>
          </div>
          <label className="checkbox">
            <input
              id="filter-verified"
              type="checkbox"
              name="verified"
              value="1"
              defaultChecked={query.verifiedOnly}
            />
            {t('verified-only')}
          </label>
          {/* A change applies at once with JavaScript; without it, the form is sent. */}
          <noscript>
            <button type="submit" className="button">
              {t('apply')}
            </button>
          </noscript>
        </ListingFilters>
        <p className="listing-count" role="status">
          {t('found', { count: listing.total })}
        </p>
        {leftOut.length > 0 && (
          <p className="listing-left-out" role="note">
            {t('left-out', { count: leftOut.reduce((sum, [, count]) => sum + count, 0) })}{' '}
            {leftOut.map(([value, count], i) => (
              <span key={value}>
                {i > 0 && ' · '}
                <Link href={`${path}${listingSearch({ ...query, status: value, page: 1 })}`}>
                  {t('left-out-show', { status: status(`label-${value}`), count })}
                </Link>
              </span>
            ))}
          </p>
        )}
        {listing.resources.length ? (
          <ResourceRelations ids={listing.resources.map((resource) => resource.id)}>
            <ul className="resource-list">
              {listing.resources.map((resource) => (
                <li key={resource.id}>
                  <ResourceCard resource={resource} favorite="viewer" headingLevel={2} />
                </li>
              ))}
            </ul>
          </ResourceRelations>
        ) : (
          <p className="empty">{t('empty')}</p>
        )}
        <Pagination
          path={path}
          page={listing.page}
          pages={listing.pages}
          query={listingParams(query)}
        />
      </div>
      <CompareTray />
    </ClientMessages>
  )
}
