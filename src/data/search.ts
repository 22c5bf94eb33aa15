import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { Locale } from '@/i18n/routing'
import { ARTICLE_COLLECTIONS, type ArticleCollection } from '@/lib/content'
import type { ResourceType } from '@/lib/resourceTypes'
import { cleanSearchTerm, planSearch } from '@/lib/searchQuery'
import { CACHE_TAGS } from '@/server/cacheTags'
import { cachedRead } from '@/server/publicCache'
import { runSql } from '@/server/sql/run'

import { findResourcesInOrder } from './listing'
import { getPayload } from './payload'
import { type ArticleDoc, type ArticleSummary, articleSummary } from './views/content'
import { resourceSummary } from './views/resources'
import { findSearchMatches } from './views/search'

export const SEARCH_PAGE_SIZE = 20

/**
 * Published resources matching `q`, best first (src/data/views/search.ts: titles close to the
 * query's words in either script, full text in either language, the types it names), as the
 * listing's cards show them, each with its search text for the matched snippet. One SQL query
 * finds and ranks the page, one reads it.
 */
export const searchResources = async ({
  q,
  locale,
  type,
  country,
  page,
}: {
  q: string
  locale: Locale
  type?: ResourceType
  country?: string
  page: number
}) => {
  const plan = planSearch(q)
  if (!plan.text) return { resources: [], total: 0, pages: 0, page }
  const payload = await getPayload()
  const { matches, total } = await findSearchMatches({
    payload,
    plan,
    locale,
    type,
    country,
    limit: SEARCH_PAGE_SIZE,
    offset: (page - 1) * SEARCH_PAGE_SIZE,
  })
  const found = await findResourcesInOrder({
    payload,
    ids: matches.map((match) => match.id),
    locale,
    withSearchText: true,
  })
  const resources = found.map((doc) => ({
    ...resourceSummary(doc),
    // The search text starts with the title, which the card shows already.
    text: (doc.searchText ?? '').split('\n').slice(1).join(' '),
  }))
  return { resources, total, pages: Math.ceil(total / SEARCH_PAGE_SIZE), page }
}

/** News items and posts the search page shows, at most, of each. */
export const SEARCH_ARTICLES_MAX = 5

/** The words of a query that an article's title or summary must all hold, at most eight. */
export const articleSearchWords = (q: string) =>
  [
    ...new Set(
      // No control character, invisible mark or half a surrogate pair is part of a word.
      cleanSearchTerm(q)
        .toLowerCase()
        .split(/[\s,.;:!?«»"'()]+/u)
        .filter((word) => word.length > 0),
    ),
  ]
    .slice(0, 8)
    // LIKE's own characters stand for themselves.
    .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)

/**
 * Published news items and posts whose title or summary, in either language, holds every word
 * of `q` (any case), newest first: at most SEARCH_ARTICLES_MAX of each, in the reader's language
 * where translated.
 */
export const searchArticles = async ({
  q,
  locale,
}: {
  q: string
  locale: Locale
}): Promise<Record<ArticleCollection, ArticleSummary[]>> => {
  const words = articleSearchWords(q)
  if (!words.length) return { news: [], posts: [] }
  const payload = await getPayload()
  // Both collections' matches in one statement, each its newest SEARCH_ARTICLES_MAX.
  const { rows } = await runSql<{ collection: ArticleCollection; id: number }>({
    payload,
    query: sql.join(
      ARTICLE_COLLECTIONS.map(
        (collection) => sql`(SELECT ${collection}::text AS collection, a.id
          FROM ${sql.identifier(collection)} a
          WHERE a._status = 'published' AND EXISTS (
            SELECT 1 FROM ${sql.identifier(`${collection}_locales`)} l WHERE l._parent_id = a.id
              AND lower(coalesce(l.title, '') || ' ' || coalesce(l.excerpt, '')) LIKE ALL (${sql.param(words)}::text[])
          )
          ORDER BY a.published_at DESC NULLS LAST, a.id DESC
          LIMIT ${SEARCH_ARTICLES_MAX})`,
      ),
      sql` UNION ALL `,
    ),
  })
  const found = await Promise.all(
    ARTICLE_COLLECTIONS.map(async (collection) => {
      const ids = rows.filter((row) => row.collection === collection).map((row) => Number(row.id))
      if (!ids.length) return [] as ArticleSummary[]
      const { docs } = await payload.find({
        collection,
        where: { and: [{ id: { in: ids } }, { _status: { equals: 'published' } }] },
        locale: 'all',
        depth: 1,
        limit: ids.length,
        pagination: false,
        draft: false,
        overrideAccess: false,
      })
      const byId = new Map(docs.map((doc) => [doc.id, doc as unknown as ArticleDoc]))
      return ids.flatMap((id) => {
        const doc = byId.get(id)
        return doc ? [articleSummary({ collection, doc, locale })] : []
      })
    }),
  )
  return { news: found[0], posts: found[1] }
}

/**
 * What a search page shows for a normalised term: the page of resources and, beside the first
 * page, the news and posts. Kept in Next's data cache under the search tag, so the cached views
 * built from it (src/lib/directoryViews.ts) expire with every change a search might find.
 */
export const findSearchPage = cachedRead(
  'findSearchPage',
  async ({
    term,
    ...query
  }: {
    term: string
    locale: Locale
    type?: ResourceType
    country?: string
    page: number
  }) => {
    const [results, articles] = await Promise.all([
      searchResources({ q: term, ...query }),
      query.page === 1 ? searchArticles({ q: term, locale: query.locale }) : null,
    ])
    return { ...results, articles: articles ? [...articles.news, ...articles.posts] : [] }
  },
  () => [CACHE_TAGS.search],
)

export type SearchPage = Awaited<ReturnType<typeof findSearchPage>>
