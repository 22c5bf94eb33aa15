import 'server-only'

import { type Locale, otherLocale } from '@/i18n/routing'
import { type ArticleCollection, articlePath, readingMinutes } from '@/lib/content'
import { richTextToPlain } from '@/server/richText'
import type { Media } from '@payload-types'

import { populated } from './media'

/** A localized field as a `locale: 'all'` read returns it. */
type AllLocales<T> = Partial<Record<Locale, T | null>> | null | undefined

/**
 * The language a document is shown in: the reader's when its text exists there, else the other
 * one, which the page then tells (`shown_in`). Never an empty page for a missing translation.
 */
export const pickLocale = ({
  locale,
  main,
}: {
  locale: Locale
  main: AllLocales<unknown>
}): Locale => {
  const has = (code: Locale) => {
    const value = main?.[code]
    return typeof value === 'string' ? value.trim() !== '' : Boolean(value)
  }
  if (has(locale)) return locale
  const other = otherLocale(locale)
  return has(other) ? other : locale
}

const text = (value: AllLocales<string>, locale: Locale) => value?.[locale] ?? ''

/** An image as the site shows it: its sharp sizes' addresses, its size and its text. */
export type ImageView = {
  url: string
  width: number | null
  height: number | null
  alt: string
  sizes: Partial<
    Record<'thumbnail' | 'card' | 'hero' | 'wide', { url: string; width: number; height: number }>
  >
}

export const imageView = (value: unknown, locale: Locale): ImageView | null => {
  const media = populated<Media>(value)
  if (!media?.url) return null
  const alt = media.alt as unknown as AllLocales<string> | string | null
  const sizes: ImageView['sizes'] = {}
  for (const name of ['thumbnail', 'card', 'hero', 'wide'] as const) {
    const size = media.sizes?.[name as keyof NonNullable<Media['sizes']>]
    if (size?.url && size.width && size.height) {
      sizes[name] = { url: size.url, width: size.width, height: size.height }
    }
  }
  return {
    url: media.url,
    width: media.width ?? null,
    height: media.height ?? null,
    alt: typeof alt === 'string' ? alt : (alt?.[locale] ?? alt?.ru ?? alt?.en ?? ''),
    sizes,
  }
}

/** An article (news item or post) as read with `locale: 'all'`. */
export type ArticleDoc = {
  id: number
  slug: string
  title: AllLocales<string>
  excerpt?: AllLocales<string>
  content?: AllLocales<unknown>
  heroImage?: unknown
  publishedAt?: string | null
  updatedAt: string
}

/** What a list, a feed, a search result or the home page shows of an article. */
export type ArticleSummary = {
  id: number
  collection: ArticleCollection
  slug: string
  /** The locale-free site path: `/news/{slug}`. */
  path: string
  title: string
  excerpt: string
  published_at: string | null
  updated_at: string
  image: ImageView | null
  /** The language the text is in; differs from the reader's when there is no translation. */
  shown_in: Locale
}

export type ArticleView = ArticleSummary & {
  content: unknown
  reading_minutes: number
}

/** What stands in for a missing excerpt or summary: the text's first paragraph, 300 characters. */
const firstParagraph = (content: unknown) =>
  richTextToPlain(content).split('\n')[0]?.slice(0, 300) || ''

export const articleSummary = ({
  collection,
  doc,
  locale,
}: {
  collection: ArticleCollection
  doc: ArticleDoc
  locale: Locale
}): ArticleSummary => {
  const shown = pickLocale({ locale, main: doc.title })
  return {
    id: doc.id,
    collection,
    slug: doc.slug,
    path: articlePath(collection, doc.slug),
    title: text(doc.title, shown),
    excerpt: text(doc.excerpt, shown) || firstParagraph(doc.content?.[shown]),
    published_at: doc.publishedAt ?? null,
    updated_at: doc.updatedAt,
    image: imageView(doc.heroImage, shown),
    shown_in: shown,
  }
}

export const articleView = ({
  collection,
  doc,
  locale,
}: {
  collection: ArticleCollection
  doc: ArticleDoc
  locale: Locale
}): ArticleView => {
  const summary = articleSummary({ collection, doc, locale })
  const content = doc.content?.[summary.shown_in] ?? null
  const words = richTextToPlain(content).split(/\s+/).filter(Boolean).length
  return { ...summary, content, reading_minutes: readingMinutes(words) }
}

/** A page (about-us, contacts, `/informations/{slug}`) as the site shows it. */
export type PageView = {
  id: number
  slug: string
  title: string
  summary: string
  /** What the page's head says of it: the summary, else its first paragraph. */
  description: string
  content: unknown
  image: ImageView | null
  updated_at: string
  shown_in: Locale
}

export type PageDoc = {
  id: number
  slug: string
  title: AllLocales<string>
  summary?: AllLocales<string>
  content?: AllLocales<unknown>
  heroImage?: unknown
  updatedAt: string
}

export const pageView = ({ doc, locale }: { doc: PageDoc; locale: Locale }): PageView => {
  const shown = pickLocale({ locale, main: doc.title })
  const summary = text(doc.summary, shown)
  const content = doc.content?.[shown] ?? null
  return {
    id: doc.id,
    slug: doc.slug,
    title: text(doc.title, shown),
    summary,
    description: summary || firstParagraph(content),
    content,
    image: imageView(doc.heroImage, shown),
    updated_at: doc.updatedAt,
    shown_in: shown,
  }
}

/** One question of the FAQ, in the reader's language where it is translated. */
export type FaqView = {
  id: number
  slug: string
  category: string
  question: string
  answer: unknown
  shown_in: Locale
}

export type FaqDoc = {
  id: number
  slug: string
  category: string
  question: AllLocales<string>
  answer?: AllLocales<unknown>
}

export const faqView = ({ doc, locale }: { doc: FaqDoc; locale: Locale }): FaqView => {
  const shown = pickLocale({ locale, main: doc.question })
  return {
    id: doc.id,
    slug: doc.slug,
    category: doc.category,
    question: text(doc.question, shown),
    answer: doc.answer?.[shown] ?? null,
    shown_in: shown,
  }
}
