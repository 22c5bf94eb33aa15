import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { Pagination } from '@/components/directory/Pagination'
import { ResourceCard } from '@/components/directory/ResourceCard'
import { favoriteIdsAmong } from '@/data/favorites'
import { LISTING_SORTS, type ListingSort, listCountries, listResources } from '@/data/resources'
import { getCurrentUser } from '@/data/users'
import { isLocale } from '@/i18n/routing'
import { countryName } from '@/lib/countries'
import { type ResourcePrefix, typeOfPrefix } from '@/lib/resourceTypes'
import { type QueryParams, firstParam, pageParam } from '@/lib/searchParams'

type Props = {
  params: Promise<{ locale: string; pagePrefix: string }>
  searchParams: Promise<QueryParams>
}

/** The listing's query, read leniently: anything unknown falls back to the default. */
const readQuery = (query: QueryParams) => {
  const sort = firstParam(query.sort)
  const minRating = Number(firstParam(query.rating))
  const country = firstParam(query.country)?.toUpperCase()
  return {
    sort: (LISTING_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as ListingSort)
      : 'best',
    page: pageParam(query.page),
    minRating: [1, 2, 3, 4].includes(minRating) ? minRating : undefined,
    country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
    verifiedOnly: firstParam(query.verified) === '1',
  }
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { pagePrefix } = await params
  if (!typeOfPrefix(pagePrefix)) return {}
  const t = await getTranslations('listing')
  const types = await getTranslations('types')
  const { page } = readQuery(await searchParams)
  const title = types(pagePrefix as ResourcePrefix)
  return {
    title: page > 1 ? t('title-page', { title, page }) : title,
    description: t(`description-${pagePrefix as ResourcePrefix}`),
  }
}

export default async function ListingPage({ params, searchParams }: Props) {
  const { locale, pagePrefix } = await params
  const type = typeOfPrefix(pagePrefix)
  if (!type || !isLocale(locale)) notFound()
  const prefix = pagePrefix as ResourcePrefix
  const query = readQuery(await searchParams)
  const [t, types, listing, countries, user] = await Promise.all([
    getTranslations('listing'),
    getTranslations('types'),
    listResources({ locale, type, ...query }),
    listCountries(type),
    getCurrentUser(),
  ])
  if (query.page > 1 && query.page > listing.pages) notFound()
  const favorites = user
    ? await favoriteIdsAmong({ userId: user.id, resourceIds: listing.resources.map((r) => r.id) })
    : null
  const path = `/resources/${prefix}`

  return (
    <div className="listing">
      <header className="listing-header">
        <h1>{types(prefix)}</h1>
        <p className="lead">{t(`description-${prefix}`)}</p>
      </header>
      <form className="filters" method="get" action={`/${locale}${path}`} aria-label={t('filters')}>
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
            {[4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {t('rating-from', { rating: n })}
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
          <input type="checkbox" name="verified" value="1" defaultChecked={query.verifiedOnly} />
          {t('verified-only')}
        </label>
        <button type="submit" className="button">
          {t('apply')}
        </button>
      </form>
      <p className="listing-count" role="status">
        {t('found', { count: listing.total })}
      </p>
      {listing.resources.length ? (
        <ul className="resource-list">
          {listing.resources.map((resource) => (
            <li key={resource.id}>
              <ResourceCard
                resource={resource}
                favorite={favorites ? favorites.has(resource.id) : undefined}
                headingLevel={2}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">{t('empty')}</p>
      )}
      <Pagination
        path={path}
        page={listing.page}
        pages={listing.pages}
        query={{
          country: query.country,
          rating: query.minRating ? String(query.minRating) : undefined,
          sort: query.sort === 'best' ? undefined : query.sort,
          verified: query.verifiedOnly ? '1' : undefined,
        }}
      />
    </div>
  )
}
