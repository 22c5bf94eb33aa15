import { getLocale, getTranslations } from 'next-intl/server'

import { ArticleCard } from '@/components/content/ArticleCard'
import { Highlight, queryPattern, snippet } from '@/components/directory/Highlight'
import { Pagination } from '@/components/directory/Pagination'
import { ResourceCard } from '@/components/directory/ResourceCard'
import { ResourceRelations } from '@/components/directory/ResourceRelations.client'
import { searchArticles, searchResources } from '@/data/search'
import { isLocale } from '@/i18n/routing'
import { LIMITS } from '@/lib/limits'
import { RESOURCE_TYPES, type ResourceType } from '@/lib/resourceTypes'
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
 * The search page's body for a term: the form (so the search can be refined), then the ranked
 * results as the listing's cards, each followed by the passage of its text that holds the query's
 * words, marked (when it holds them as typed: a typo or the other script matches only the title).
 * `path` is where the pages of these results live.
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
  const asked = await getLocale()
  const locale = isLocale(asked) ? asked : 'ru'
  const { type, country, page } = readSearchQuery(query)
  const [results, found] = term
    ? await Promise.all([
        searchResources({ q: term, locale, type, country, page }),
        // The news and posts that match, beside the first page of resources.
        page === 1 ? searchArticles({ q: term, locale }) : null,
      ])
    : [null, null]
  const articles = found ? [...found.news, ...found.posts] : []
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
            <ResourceRelations ids={results.resources.map((resource) => resource.id)}>
              <ol className="resource-list search-results">
                {results.resources.map((resource) => (
                  <li key={resource.id}>
                    <ResourceCard resource={resource} favorite="viewer" headingLevel={2} />
                    {hasMatch(resource.text, term) && (
                      <p className="search-snippet">
                        <Highlight text={snippet(resource.text, term)} query={term} />
                      </p>
                    )}
                  </li>
                ))}
              </ol>
            </ResourceRelations>
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
      {articles.length > 0 && (
        <section className="search-articles" aria-labelledby="search-articles-heading">
          <h2 id="search-articles-heading">{t('articles-heading')}</h2>
          <p className="listing-count">{t('articles-found', { count: articles.length })}</p>
          <ul className="article-grid">
            {articles.map((article) => (
              <li key={`${article.collection}-${article.id}`}>
                <ArticleCard article={article} locale={locale} headingLevel={3} compact showKind />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

const hasMatch = (text: string, term: string) => {
  const pattern = queryPattern(term)
  return Boolean(pattern && text.search(pattern) >= 0)
}
