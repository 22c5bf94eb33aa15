import { getTranslations } from 'next-intl/server'

import { listArticles } from '@/data/content'
import { LOCALE_TAGS, type Locale, isLocale, localizedPath } from '@/i18n/routing'
import { articleFeedPath } from '@/lib/articleViews'
import { type ArticleCollection, articleListPath } from '@/lib/content'
import { buildRss } from '@/server/rss'

import { absoluteUrl } from './articleMeta'

/** How many of the newest articles a feed holds. */
export const FEED_SIZE = 20

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
}
const imageType = (url: string) =>
  IMAGE_TYPES[url.split('?')[0].split('.').pop()?.toLowerCase() ?? ''] ?? 'image/jpeg'

/** The RSS 2.0 document of a collection's newest articles in a language. */
export const articleFeedXml = async (collection: ArticleCollection, locale: Locale) => {
  const [t, meta, { items }] = await Promise.all([
    getTranslations({ locale, namespace: 'articles' }),
    getTranslations({ locale, namespace: 'meta' }),
    listArticles({ collection, locale, page: 1, limit: FEED_SIZE }),
  ])
  return buildRss({
    title: `${t(`${collection}-title`)} — ${meta('site-name')}`,
    link: absoluteUrl(localizedPath(locale, articleListPath(collection))),
    self: absoluteUrl(localizedPath(locale, articleFeedPath(collection))),
    description: t(`${collection}-description`),
    language: LOCALE_TAGS[locale],
    items: items.map((article) => {
      const image = article.image?.sizes.hero ?? article.image?.sizes.card ?? article.image
      return {
        title: article.title,
        link: absoluteUrl(localizedPath(locale, article.path)),
        description: article.excerpt,
        published: article.published_at ? new Date(article.published_at) : null,
        image: image?.url ? { url: absoluteUrl(image.url), type: imageType(image.url) } : null,
      }
    }),
  })
}

/** The answer of `/{locale}/{collection}/rss.xml` (cached with the collection's list tag). */
export const articleFeedResponse = async (collection: ArticleCollection, locale: string) => {
  if (!isLocale(locale)) return new Response(null, { status: 404 })
  return new Response(await articleFeedXml(collection, locale), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' },
  })
}
