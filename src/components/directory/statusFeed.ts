import { getTranslations } from 'next-intl/server'

import { absoluteUrl } from '@/components/content/articleMeta'
import { type StatusFeedItem, listStatusFeed } from '@/data/statusChanges'
import { LOCALE_TAGS, type Locale, isLocale, localizedPath } from '@/i18n/routing'
import { buildRss } from '@/server/rss'

/** Where the status feeds live, in a language: `/status-changes/rss.xml`, `/en/status-changes/feed.json`. */
export const STATUS_FEED_PATHS = {
  rss: '/status-changes/rss.xml',
  json: '/status-changes/feed.json',
} as const

/** The page a status feed follows: the scam listing is the closest; the home page for now. */
const HOME = '/'

const describe = async (locale: Locale) => {
  const [t, meta, items] = await Promise.all([
    getTranslations({ locale, namespace: 'status' }),
    getTranslations({ locale, namespace: 'meta' }),
    listStatusFeed({ locale }),
  ])
  const entry = (item: StatusFeedItem) => ({
    // One resource may change more than once: each change has an address of its own on its page.
    url: absoluteUrl(localizedPath(locale, `${item.path}#status-change-${item.id}`)),
    title: t('feed-item', { title: item.title, label: t(`label-${item.to}`) }),
    text: [
      t('history-change', { from: t(`label-${item.from}`), to: t(`label-${item.to}`) }),
      item.reason ?? '',
    ]
      .filter(Boolean)
      .join('. '),
    published: new Date(item.created_at),
  })
  return {
    title: `${t('feed-title')} — ${meta('site-name')}`,
    description: t('feed-description'),
    home: absoluteUrl(localizedPath(locale, HOME)),
    entries: items.map(entry),
  }
}

/** The answer of `/{locale}/status-changes/rss.xml`: RSS 2.0 (cached with the feed's tag). */
export const statusRssResponse = async (locale: string) => {
  if (!isLocale(locale)) return new Response(null, { status: 404 })
  const feed = await describe(locale)
  const xml = buildRss({
    title: feed.title,
    link: feed.home,
    self: absoluteUrl(localizedPath(locale, STATUS_FEED_PATHS.rss)),
    description: feed.description,
    language: LOCALE_TAGS[locale],
    items: feed.entries.map((entry) => ({
      title: entry.title,
      link: entry.url,
      description: entry.text,
      published: entry.published,
    })),
  })
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } })
}

/** The answer of `/{locale}/status-changes/feed.json`: JSON Feed 1.1 (https://jsonfeed.org/version/1.1). */
export const statusJsonFeedResponse = async (locale: string) => {
  if (!isLocale(locale)) return new Response(null, { status: 404 })
  const feed = await describe(locale)
  return new Response(
    JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: feed.title,
      home_page_url: feed.home,
      feed_url: absoluteUrl(localizedPath(locale, STATUS_FEED_PATHS.json)),
      description: feed.description,
      language: LOCALE_TAGS[locale],
      items: feed.entries.map((entry) => ({
        id: entry.url,
        url: entry.url,
        title: entry.title,
        content_text: entry.text,
        date_published: entry.published.toISOString(),
      })),
    }),
    { headers: { 'Content-Type': 'application/feed+json; charset=utf-8' } },
  )
}
