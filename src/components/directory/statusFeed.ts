import { getTranslations } from 'next-intl/server'

import { listStatusFeed } from '@/data/statusChanges'
import { type Locale, isLocale } from '@/i18n/routing'

import { statusFeedOf, statusJsonFeed, statusRss } from './statusFeedDocuments'

export { STATUS_FEED_PATHS } from './statusFeedDocuments'

const feedIn = async (locale: Locale) => {
  const [t, meta, items] = await Promise.all([
    getTranslations({ locale, namespace: 'status' }),
    getTranslations({ locale, namespace: 'meta' }),
    listStatusFeed({ locale }),
  ])
  return statusFeedOf({ locale, items, t, siteName: meta('site-name') })
}

/** The answer of `/{locale}/status-changes/rss.xml` (cached with the status feed's tag). */
export const statusRssResponse = async (locale: string) => {
  if (!isLocale(locale)) return new Response(null, { status: 404 })
  return new Response(statusRss(await feedIn(locale)), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' },
  })
}

/** The answer of `/{locale}/status-changes/feed.json` (cached with the status feed's tag). */
export const statusJsonFeedResponse = async (locale: string) => {
  if (!isLocale(locale)) return new Response(null, { status: 404 })
  return new Response(statusJsonFeed(await feedIn(locale)), {
    headers: { 'Content-Type': 'application/feed+json; charset=utf-8' },
  })
}
