import { type ResourcePageDoc, getResource, listResourceReviews } from '@/data/resources'
import { resourceSummary } from '@/data/views/resources'
import { type Locale, isLocale, localizedPath } from '@/i18n/routing'
import { EMBED_BROWSER_SECONDS, type EmbedKind, readEmbedVariant } from '@/lib/embeds'
import { reviewPermalink } from '@/lib/permalinks'
import { isShownStatus } from '@/lib/publicStatus'
import { prefixOf } from '@/lib/resourceTypes'
import { serverUrl } from '@/server/env'
import { serverMessage } from '@/server/serverMessages'

import { type BadgeContent, badgeSvg } from './badgeSvg'
import { shownScore } from './embedLook'
import { type WidgetContent, widgetHtml } from './widgetHtml'

/** The params of the embeds' internal routes (the proxy's rewrite, src/lib/embeds.ts). */
export type EmbedParams = { locale: string; pagePrefix: string; url: string; variant: string }

/**
 * Where an embed reads: the resource page's cached reads (the same tags, the same score); a test
 * passes the same reads uncached (readResourceAt, readResourceReviews).
 */
export type EmbedReaders = { resource: typeof getResource; reviews: typeof listResourceReviews }

const PAGE_READERS: EmbedReaders = { resource: getResource, reviews: listResourceReviews }

/** A message of the catalogues in the embed's language (a route handler has no page's locale). */
const translator =
  (locale: Locale, namespace: string) => (key: string, values?: Record<string, string | number>) =>
    serverMessage({ locale, key: `${namespace}.${key}`, values })

/** How many of the latest published reviews the widget shows. */
export const WIDGET_REVIEWS = 3

/** A browser keeps an answer for minutes; the page cache keeps it until a write expires it. */
const cacheControl = (status: number) =>
  `public, max-age=${status === 200 ? EMBED_BROWSER_SECONDS : 60}`

const CONTENT_TYPES: Record<EmbedKind, string> = {
  badge: 'image/svg+xml; charset=utf-8',
  widget: 'text/html; charset=utf-8',
}

const answer = (kind: EmbedKind, body: string | null, status = 200) =>
  new Response(body, {
    status,
    headers: { 'Content-Type': CONTENT_TYPES[kind], 'Cache-Control': cacheControl(status) },
  })

const absolute = (locale: Locale, path: string) =>
  new URL(localizedPath(locale, path), serverUrl()).href

/**
 * The published resource an embed names, read as its page reads it (the same cached reads, so
 * the same tags and the same score), or null: unknown, unpublished, another type's prefix, an
 * address no slug could be, a variant the proxy never writes.
 */
const findEmbedded = async (kind: EmbedKind, params: EmbedParams, readers: EmbedReaders) => {
  const options = readEmbedVariant(kind, params.variant)
  if (!options || !isLocale(params.locale)) return null
  const resource = await readers.resource(params.url, params.locale)
  if (!resource || prefixOf(resource.type) !== params.pagePrefix) return null
  return { resource, locale: params.locale, ...options }
}

/** What both embeds say of the resource, in `locale`. */
const describe = (resource: ResourcePageDoc, locale: Locale) => {
  const summary = resourceSummary(resource)
  const [t, statusT, meta] = [
    translator(locale, 'embed'),
    translator(locale, 'status'),
    translator(locale, 'meta'),
  ]
  const rated = summary.review_count > 0
  const score = rated ? shownScore(summary.rating_average) : null
  const status = isShownStatus(summary.public_status)
    ? { key: summary.public_status, label: statusT(`label-${summary.public_status}`) }
    : null
  const count = rated ? t('review-count', { count: summary.review_count }) : t('no-rating')
  const verified = summary.verified ? t('verified') : null
  return {
    t,
    summary,
    siteName: meta('site-name'),
    score,
    count,
    verified,
    status,
    sentence: [
      t('on-site', { site: meta('site-name'), title: summary.title }),
      score ? t('rated', { rating: score }) : null,
      count,
      verified,
      status?.label,
    ]
      .filter(Boolean)
      .join('. '),
  }
}

/** The answer of `/badge/{prefix}/{url}.svg` (served from the page cache, with the page's tags). */
export const badgeAnswer = async (params: EmbedParams, readers = PAGE_READERS) => {
  const found = await findEmbedded('badge', params, readers)
  if (!found) return answer('badge', null, 404)
  const said = describe(found.resource, found.locale)
  const content: BadgeContent = {
    siteName: said.siteName,
    title: said.summary.title,
    score: said.score,
    average: said.summary.rating_average,
    count: said.count,
    verified: said.verified,
    status: said.status,
    summary: said.sentence,
  }
  return answer('badge', badgeSvg({ content, theme: found.theme, size: found.size }))
}

/** The answer of `/widget/{prefix}/{url}` (served from the page cache, with the page's tags). */
export const widgetAnswer = async (params: EmbedParams, readers = PAGE_READERS) => {
  const found = await findEmbedded('widget', params, readers)
  if (!found) return answer('widget', null, 404)
  const { resource, locale } = found
  const said = describe(resource, locale)
  // The first page of the resource page's own list (newest first): published reviews only.
  const { reviews } = said.summary.review_count
    ? await readers.reviews({
        resourceId: resource.id,
        page: 1,
        sort: 'newest',
        total: said.summary.review_count,
      })
    : { reviews: [] }
  const reviewsT = translator(locale, 'reviews')
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  const { t } = said
  const content: WidgetContent = {
    lang: locale,
    siteName: said.siteName,
    title: said.summary.title,
    score: said.score,
    average: said.summary.rating_average,
    count: said.count,
    scoreLabel: said.score ? t('rated', { rating: said.score }) : null,
    verified: said.verified,
    status: said.status,
    heading: t('latest'),
    empty: t('no-reviews'),
    reviews: reviews.slice(0, WIDGET_REVIEWS).map((review) => ({
      author: review.author?.display_name ?? t('member'),
      grade: review.grade,
      gradeLabel: reviewsT('grade-label', { grade: review.grade }),
      title: review.title,
      comment: review.comment,
      date: date.format(new Date(review.created_at)),
      dateTime: review.created_at,
      url: absolute(locale, reviewPermalink(review.id)),
    })),
    resourceUrl: absolute(locale, said.summary.path),
    readAll: t('read-all'),
    newTab: t('new-tab'),
  }
  return answer('widget', widgetHtml({ content, theme: found.theme }))
}
