import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import type { ArticleView, ImageView } from '@/data/views/content'
import { alternatesFor, siteOpenGraph } from '@/i18n/metadata'
import { LOCALE_TAGS, type Locale, localizedPath } from '@/i18n/routing'
import { articleFeedPath } from '@/lib/articleViews'
import { type ArticleCollection, articleListPath } from '@/lib/content'
import { serverUrl } from '@/server/env'

/** An address of this site, absolute (Open Graph, JSON-LD and feeds want them so). */
export const absoluteUrl = (path: string) => new URL(path, serverUrl()).href

/** The collection's feed in a language, as a page's head announces it. */
export const feedAlternate = async (collection: ArticleCollection, locale: Locale) => {
  const t = await getTranslations({ locale, namespace: 'articles' })
  return {
    'application/rss+xml': [
      { url: localizedPath(locale, articleFeedPath(collection)), title: t(`feed-${collection}`) },
    ],
  }
}

/** The head of `/news` and `/posts` (and their `?page=N`). */
export const listMetadata = async ({
  collection,
  locale,
  page,
}: {
  collection: ArticleCollection
  locale: Locale
  page: number
}): Promise<Metadata> => {
  const t = await getTranslations({ locale, namespace: 'articles' })
  const title = t(`${collection}-title`)
  const path = `${articleListPath(collection)}${page > 1 ? `?page=${page}` : ''}`
  return {
    title: page > 1 ? t('page-title', { title, page }) : title,
    description: t(`${collection}-description`),
    alternates: {
      ...alternatesFor(locale, path),
      types: await feedAlternate(collection, locale),
    },
  }
}

const heroUrl = (image: ImageView | null) => {
  const size = image?.sizes.hero ?? image?.sizes.wide
  return size
    ? { ...size }
    : image
      ? { url: image.url, width: image.width, height: image.height }
      : null
}

/** The head of an article's page: its description, languages, feed and Open Graph card. */
export const articleMetadata = async ({
  article,
  locale,
}: {
  article: ArticleView
  locale: Locale
}): Promise<Metadata> => {
  const site = await siteOpenGraph(locale)
  const hero = heroUrl(article.image)
  return {
    title: article.title,
    description: article.excerpt || undefined,
    alternates: {
      ...alternatesFor(locale, article.path),
      types: await feedAlternate(article.collection, locale),
    },
    openGraph: {
      ...site,
      type: 'article',
      title: article.title,
      description: article.excerpt || undefined,
      url: localizedPath(locale, article.path),
      ...(article.published_at ? { publishedTime: article.published_at } : {}),
      modifiedTime: article.updated_at,
      ...(hero
        ? {
            images: [
              {
                url: absoluteUrl(hero.url),
                ...(hero.width ? { width: hero.width } : {}),
                ...(hero.height ? { height: hero.height } : {}),
                alt: article.image?.alt || article.title,
              },
            ],
          }
        : {}),
    },
  }
}

/** schema.org data: a NewsArticle for news, a BlogPosting for posts. */
export const articleStructuredData = async ({
  article,
  locale,
}: {
  article: ArticleView
  locale: Locale
}) => {
  const meta = await getTranslations({ locale, namespace: 'meta' })
  const url = absoluteUrl(localizedPath(locale, article.path))
  const hero = heroUrl(article.image)
  const publisher = {
    '@type': 'Organization',
    name: meta('site-name'),
    url: absoluteUrl('/'),
    logo: { '@type': 'ImageObject', url: absoluteUrl('/icon.svg') },
  }
  return {
    '@context': 'https://schema.org',
    '@type': article.collection === 'news' ? 'NewsArticle' : 'BlogPosting',
    headline: article.title,
    ...(article.excerpt ? { description: article.excerpt } : {}),
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    inLanguage: LOCALE_TAGS[article.shown_in],
    ...(article.published_at ? { datePublished: article.published_at } : {}),
    dateModified: article.updated_at,
    ...(hero ? { image: [absoluteUrl(hero.url)] } : {}),
    author: publisher,
    publisher,
  }
}

/** JSON for a `<script type="application/ld+json">`: no `<` can close the element. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
