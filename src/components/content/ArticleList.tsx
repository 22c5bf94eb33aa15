import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { Pagination } from '@/components/directory/Pagination'
import { EmptyState } from '@/components/ui/States'
import { listArticles } from '@/data/content'
import { type Locale, localizedPath } from '@/i18n/routing'
import { articleFeedPath } from '@/lib/articleViews'
import { type ArticleCollection, articleListPath } from '@/lib/content'
import { isPastLastPage } from '@/lib/searchParams'

import { ArticleCard } from './ArticleCard'

/**
 * `/news` and `/posts`: one page of the published articles, newest first, ten a page, with real
 * page addresses (`?page=2`); a page past the last is a 404.
 */
export async function ArticleList({
  collection,
  locale,
  page,
}: {
  collection: ArticleCollection
  locale: Locale
  page: number
}) {
  const [t, result] = await Promise.all([
    getTranslations({ locale, namespace: 'articles' }),
    listArticles({ collection, locale, page }),
  ])
  if (isPastLastPage({ page, pages: result.pages })) notFound()
  return (
    <div className="article-list-page">
      <header className="article-list-header">
        <div>
          <h1>{t(`${collection}-title`)}</h1>
          <p className="lead">{t(`${collection}-description`)}</p>
        </div>
        {/* A file, not a page: a plain link, never prefetched. */}
        <a className="feed-link" href={localizedPath(locale, articleFeedPath(collection))}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="3" cy="13" r="2" fill="currentColor" />
            <path
              d="M1 7a8 8 0 0 1 8 8M1 2a13 13 0 0 1 13 13"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
          {t('feed-link')}
        </a>
      </header>
      {result.items.length ? (
        <ul className="article-grid">
          {result.items.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} locale={locale} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t(`${collection}-empty`)} />
      )}
      <Pagination
        path={articleListPath(collection)}
        page={result.page}
        pages={result.pages}
        query={{}}
      />
    </div>
  )
}
