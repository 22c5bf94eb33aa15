import { getTranslations } from 'next-intl/server'

import { ArticleCard } from '@/components/content/ArticleCard'
import { Highlight, queryPattern, snippet } from '@/components/directory/Highlight'
import { Pagination } from '@/components/directory/Pagination'
import { ResourceCard } from '@/components/directory/ResourceCard'
import { ResourceRelations } from '@/components/directory/ResourceRelations.client'
import type { SearchPage } from '@/data/search'
import type { Locale } from '@/i18n/routing'
import { type SearchFilters, searchFilterParams } from '@/lib/directoryViews'
import { LIMITS } from '@/lib/limits'
import { RESOURCE_TYPES } from '@/lib/resourceTypes'

/**
 * The search page's body for a normalised term: the form (so the search can be refined), then the
 * ranked results as the listing's cards, each followed by the passage of its text that holds the
 * query's words, marked (when it holds them as typed: a typo or the other script matches only the
 * title). `path` is where the pages of these results live, `q` their term when it is a parameter.
 */
export async function SearchResults({
  term,
  filters,
  locale,
  path,
  q,
  results,
}: {
  term: string
  filters: SearchFilters
  locale: Locale
  path: string
  q?: string
  /** The term's page of results; none without a term. */
  results: SearchPage | null
}) {
  const [t, types] = await Promise.all([getTranslations('search'), getTranslations('types')])
  const { type, country } = filters
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
            query={{ q, ...searchFilterParams({ type, country, page: 1 }) }}
          />
        </>
      )}
      {results && results.articles.length > 0 && (
        <section className="search-articles" aria-labelledby="search-articles-heading">
          <h2 id="search-articles-heading">{t('articles-heading')}</h2>
          <p className="listing-count">{t('articles-found', { count: results.articles.length })}</p>
          <ul className="article-grid">
            {results.articles.map((article) => (
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
