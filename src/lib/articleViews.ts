/**
 * The news and posts lists (`/news?page=2`) are rendered once per page and kept in Next's
 * full-route cache, whose key is the path alone: the proxy turns the page number into a segment of
 * an internal route (`/news/list-view/2`), as it does the directory's views
 * (src/lib/directoryViews.ts). Visitors never see that route; asked directly, it answers 404.
 */
import { type ArticleCollection, isArticleCollection } from './content'
import { pageParam } from './searchParams'

export const ARTICLE_LIST_VIEW = 'list-view'

/** The feed of a collection in a language, at `/{collection}/rss.xml` (`/en/news/rss.xml`). */
export const ARTICLE_FEED_FILE = 'rss.xml'
export const articleFeedPath = (collection: ArticleCollection) =>
  `/${collection}/${ARTICLE_FEED_FILE}`

const collectionOf = (segment: string | undefined) =>
  isArticleCollection(segment) ? segment : null

/** `/news?page=2` → `/news/list-view/2`; null for any other path. */
export const articleListViewPath = (path: string, search: URLSearchParams): string | null => {
  const parts = path.split('/').filter(Boolean)
  const collection = parts.length === 1 ? collectionOf(parts[0]) : null
  if (!collection) return null
  return `/${collection}/${ARTICLE_LIST_VIEW}/${pageParam(search.get('page') ?? undefined)}`
}

/** Whether a path is the internal list route itself, which is not served directly. */
export const isArticleListView = (path: string) => {
  const parts = path.split('/').filter(Boolean)
  return Boolean(collectionOf(parts[0])) && parts[1] === ARTICLE_LIST_VIEW
}

/**
 * The lists and articles, rendered once for every visitor (cached, so no per-request nonce can
 * be in them: ARCHITECTURE.md, "Security headers").
 */
export const isArticlePage = (path: string) => {
  const parts = path.split('/').filter(Boolean)
  return Boolean(collectionOf(parts[0])) && parts.length <= 2 && parts[1] !== ARTICLE_FEED_FILE
}
