/**
 * The editors' content (design.md §2): news and posts are articles with a page each, pages are
 * the about-us, contacts and `/informations/{url}` texts, FAQs a grouped list. Pure: both the
 * collections and the site read it.
 */
export const ARTICLE_COLLECTIONS = ['news', 'posts'] as const
export type ArticleCollection = (typeof ARTICLE_COLLECTIONS)[number]

export const isArticleCollection = (value: unknown): value is ArticleCollection =>
  (ARTICLE_COLLECTIONS as readonly unknown[]).includes(value)

export const CONTENT_COLLECTIONS = [...ARTICLE_COLLECTIONS, 'pages', 'faqs'] as const
export type ContentCollection = (typeof CONTENT_COLLECTIONS)[number]

/** The site path of an article's list (`/news`) and of one article (`/news/{slug}`). */
export const articleListPath = (collection: ArticleCollection) => `/${collection}`
export const articlePath = (collection: ArticleCollection, slug: string) => `/${collection}/${slug}`

/**
 * Pages with a route of their own; any other page is at `/informations/{slug}`, and these two
 * slugs there redirect to it.
 */
export const PAGE_ROUTES: Record<string, string> = {
  'about-us': '/about-us',
  contacts: '/contacts',
}
export const pagePath = (slug: string) => PAGE_ROUTES[slug] ?? `/informations/${slug}`

/** Where a document of `collection` is shown on the site. */
export const contentPath = (collection: ContentCollection, slug: string) =>
  collection === 'pages'
    ? pagePath(slug)
    : collection === 'faqs'
      ? `/faqs#${slug}`
      : articlePath(collection, slug)

export const FAQ_CATEGORIES = ['general', 'account', 'reviews', 'resources'] as const
export type FaqCategory = (typeof FAQ_CATEGORIES)[number]

/** A slug: lowercase Latin letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Minutes to read `words` words, at 200 words a minute; at least one. */
export const readingMinutes = (words: number) => Math.max(1, Math.round(words / 200))
