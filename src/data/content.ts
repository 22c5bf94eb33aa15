import 'server-only'

import type { Locale } from '@/i18n/routing'
import { type ArticleCollection, type ContentCollection } from '@/lib/content'
import { canEditContent } from '@/lib/roles'
import { CACHE_TAGS } from '@/server/cacheTags'
import { isUnstorable } from '@/server/inputFaults'
import { cachedRead } from '@/server/publicCache'

import { getPayload } from './payload'
import { getCurrentUser } from './users'
import {
  type ArticleDoc,
  type FaqDoc,
  type PageDoc,
  articleSummary,
  articleView,
  faqView,
  pageView,
} from './views/content'

/** Articles on one page of `/news` and `/posts`. */
export const ARTICLES_PAGE_SIZE = 10

const PUBLISHED = { _status: { equals: 'published' } } as const

/**
 * The public reads of the editors' content: only what is published (the collection's own read
 * access, as for a guest, and the condition again), in both languages at once so that a missing
 * translation falls back to the other (views/content.ts). Cached and tagged: a published change
 * expires exactly the pages built from them (hooks/content/expireContentPages.ts).
 */
const findPublished = async <T>({
  collection,
  where = {},
  sort,
  limit,
  page = 1,
}: {
  collection: ContentCollection
  where?: Record<string, unknown>
  sort?: string | string[]
  limit: number
  page?: number
}) => {
  const payload = await getPayload()
  const result = await payload.find({
    collection,
    where: { and: [PUBLISHED, where] } as never,
    sort,
    limit,
    page,
    locale: 'all',
    depth: 1,
    draft: false,
    overrideAccess: false,
  })
  return { ...result, docs: result.docs as unknown as T[] }
}

/** One page of a collection's published articles, newest first. */
export const listArticles = cachedRead(
  'listArticles',
  async ({
    collection,
    locale,
    page = 1,
    limit = ARTICLES_PAGE_SIZE,
  }: {
    collection: ArticleCollection
    locale: Locale
    page?: number
    limit?: number
  }) => {
    const result = await findPublished<ArticleDoc>({
      collection,
      sort: ['-publishedAt', '-id'],
      limit,
      page,
    })
    return {
      items: result.docs.map((doc) => articleSummary({ collection, doc, locale })),
      page: result.page ?? 1,
      pages: result.totalPages,
      total: result.totalDocs,
    }
  },
  ({ collection }) => [CACHE_TAGS.contentList(collection)],
)

/** The published article at `/{collection}/{slug}`, or null. */
export const getArticle = cachedRead(
  'getArticle',
  async ({
    collection,
    slug,
    locale,
  }: {
    collection: ArticleCollection
    slug: string
    locale: Locale
  }) => {
    if (isUnstorable(slug)) return null
    const { docs } = await findPublished<ArticleDoc>({
      collection,
      where: { slug: { equals: slug } },
      limit: 1,
    })
    return docs[0] ? articleView({ collection, doc: docs[0], locale }) : null
  },
  ({ collection, slug }) => [CACHE_TAGS.contentItem(collection, slug)],
)

/** The articles published just before and just after one (its page's previous / next links). */
export const getArticleNeighbours = cachedRead(
  'getArticleNeighbours',
  async ({
    collection,
    publishedAt,
    locale,
  }: {
    collection: ArticleCollection
    publishedAt: string
    locale: Locale
  }) => {
    const [older, newer] = await Promise.all([
      findPublished<ArticleDoc>({
        collection,
        where: { publishedAt: { less_than: publishedAt } },
        sort: ['-publishedAt', '-id'],
        limit: 1,
      }),
      findPublished<ArticleDoc>({
        collection,
        where: { publishedAt: { greater_than: publishedAt } },
        sort: ['publishedAt', 'id'],
        limit: 1,
      }),
    ])
    const summary = (doc?: ArticleDoc) => (doc ? articleSummary({ collection, doc, locale }) : null)
    return { previous: summary(older.docs[0]), next: summary(newer.docs[0]) }
  },
  ({ collection }) => [CACHE_TAGS.contentList(collection)],
)

/** The published page with this slug (about-us, contacts, rules, …), or null. */
export const getPage = cachedRead(
  'getPage',
  async ({ slug, locale }: { slug: string; locale: Locale }) => {
    if (isUnstorable(slug)) return null
    const { docs } = await findPublished<PageDoc>({
      collection: 'pages',
      where: { slug: { equals: slug } },
      limit: 1,
    })
    return docs[0] ? pageView({ doc: docs[0], locale }) : null
  },
  ({ slug }) => [CACHE_TAGS.contentItem('pages', slug)],
)

/** Every published page's address and date (the sitemap). */
export const listPageAddresses = async () => {
  const payload = await getPayload()
  const { docs } = await payload.find({
    collection: 'pages',
    where: PUBLISHED,
    select: { slug: true, updatedAt: true },
    limit: 1000,
    pagination: false,
    draft: false,
    overrideAccess: false,
  })
  return addresses(docs)
}

/** Every published article's address and date, newest first (the sitemap). */
export const listArticleAddresses = async (collection: ArticleCollection) => {
  const payload = await getPayload()
  const { docs } = await payload.find({
    collection,
    where: PUBLISHED,
    select: { slug: true, updatedAt: true },
    sort: '-publishedAt',
    limit: 10_000,
    pagination: false,
    draft: false,
    overrideAccess: false,
  })
  return addresses(docs)
}

/** A published document always has its slug (fillSlug): the type allows a draft without one. */
const addresses = (docs: { slug?: string | null; updatedAt: string }[]) =>
  docs.flatMap(({ slug, updatedAt }) => (slug ? [{ slug, updatedAt: new Date(updatedAt) }] : []))

/** The published FAQ, in order. */
export const listFaqs = cachedRead(
  'listFaqs',
  async ({ locale }: { locale: Locale }) => {
    const { docs } = await findPublished<FaqDoc>({
      collection: 'faqs',
      sort: ['order', 'id'],
      limit: 500,
    })
    return docs.map((doc) => faqView({ doc, locale }))
  },
  () => [CACHE_TAGS.contentList('faqs')],
)

/**
 * The latest draft of a document for the admin's live preview: only for editors and admins
 * (the collection's access decides, as on every door), never cached.
 */
export const readPreview = async ({
  collection,
  id,
  locale,
}: {
  collection: ContentCollection
  id: number
  locale: Locale
}) => {
  const user = await getCurrentUser()
  if (!canEditContent(user)) return null
  const payload = await getPayload()
  const doc = await payload.findByID({
    collection,
    id,
    draft: true,
    locale: 'all',
    depth: 1,
    user,
    overrideAccess: false,
    disableErrors: true,
  })
  if (!doc) return null
  if (collection === 'pages') return { collection, view: pageView({ doc: doc as never, locale }) }
  if (collection === 'faqs') return { collection, view: faqView({ doc: doc as never, locale }) }
  return { collection, view: articleView({ collection, doc: doc as never, locale }) }
}
