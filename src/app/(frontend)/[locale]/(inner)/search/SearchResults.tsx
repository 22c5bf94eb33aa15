import { getLocale, getTranslations } from 'next-intl/server'

import { Highlight, snippet } from '@/components/directory/Highlight'
import { Pagination } from '@/components/directory/Pagination'
import { ResourceRating } from '@/components/directory/ResourceRating'
import { searchResources } from '@/data/search'
import { Link } from '@/i18n/navigation'
import { isLocale } from '@/i18n/routing'
import { countryName } from '@/lib/countries'
import { LIMITS } from '@/lib/limits'
import { RESOURCE_TYPES, type ResourceType, prefixOf } from '@/lib/resourceTypes'
import { type QueryParams, firstParam, pageParam } from '@/lib/searchParams'

export type SearchQuery = QueryParams

export const readSearchQuery = (query: SearchQuery) => {
  const type = firstParam(query.type)
  const country = firstParam(query.country)?.toUpperCase()
  return {
    type: RESOURCE_TYPES.some((entry) => entry.type === type) ? (type as ResourceType) : undefined,
    country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
    page: pageParam(query.page),
  }
}

/**
 * The search page's body for a term: the form (so the search can be refined), then ranked
 * results with the matches marked. `path` is where the pages of these results live.
 */
export async function SearchResults({
  term,
  query,
  path,
}: {
  term: string
  query: SearchQuery
  path: string
}) {
  const t = await getTranslations('search')
  const types = await getTranslations('types')
  const resourceT = await getTranslations('resource')
  const locale = await getLocale()
  const { type, country, page } = readSearchQuery(query)
  const results = term
    ? await searchResources({
        q: term,
        locale: isLocale(locale) ? locale : 'ru',
        type,
        country,
        page,
      })
    : null
  return (
    <div className="listing">
      <h1>{term ? t('title-for', { term }) : t('title')}</h1>
      <form className="filters" role="search" method="get" action={`/${locale}/search`}>
        <div className="field search-field">
          <label htmlFor="search-q">{t('query')}</label>
          <input
            id="search-q"
            type="search"
            name="q"
            defaultValue={term}
            maxLength={LIMITS.searchQueryMax}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="search-type">{t('type')}</label>
          <select id="search-type" name="type" defaultValue={type ?? ''}>
            <option value="">{t('any-type')}</option>
            {RESOURCE_TYPES.map((entry) => (
              <option key={entry.type} value={entry.type}>
                {types(entry.prefix)}
              </option>
            ))}
          </select>
        </div>
        {country && <input type="hidden" name="country" value={country} />}
        <button type="submit" className="button">
          {t('submit')}
        </button>
      </form>
      {results && (
        <>
          <p className="listing-count" role="status">
            {t('found', { count: results.total })}
          </p>
          {results.resources.length ? (
            <ol className="resource-list search-results">
              {results.resources.map((resource) => (
                <li key={resource.id}>
                  <article className="resource-card">
                    <div className="resource-card-body">
                      <h2 className="resource-card-title">
                        <Link href={resource.path}>
                          <Highlight text={resource.title} query={term} />
                        </Link>
                        {resource.verified && (
                          <span className="badge badge-verified">{resourceT('verified')}</span>
                        )}
                      </h2>
                      <p className="resource-card-anons">
                        <Highlight
                          text={snippet(resource.text || resource.anons || '', term)}
                          query={term}
                        />
                      </p>
                      <p className="resource-card-meta">
                        <span>{types(prefixOf(resource.type))}</span>
                        <ResourceRating
                          average={resource.rating_average}
                          count={resource.review_count}
                        />
                        {resource.review_count > 0 && (
                          <span>{resourceT('review-count', { count: resource.review_count })}</span>
                        )}
                        {resource.country && <span>{countryName(resource.country, locale)}</span>}
                      </p>
                    </div>
                  </article>
                </li>
              ))}
            </ol>
          ) : (
            <p className="empty">{t('empty')}</p>
          )}
          <Pagination
            path={path}
            page={results.page}
            pages={results.pages}
            query={{ q: path === '/search' ? term : undefined, type, country }}
          />
        </>
      )}
    </div>
  )
}
