import type { StatusFeedItem } from '@/data/statusChanges'
import { LOCALE_TAGS, type Locale, localizedPath } from '@/i18n/routing'
import { serverUrl } from '@/server/env'
import { buildRss } from '@/server/rss'

/** Where the status feeds live, in a language: `/status-changes/rss.xml`, `/en/status-changes/feed.json`. */
export const STATUS_FEED_PATHS = {
  rss: '/status-changes/rss.xml',
  json: '/status-changes/feed.json',
} as const

/** A message of the `status` namespace in the feed's language. */
type Translate = (key: string, values?: Record<string, string>) => string

const absoluteUrl = (path: string) => new URL(path, serverUrl()).href

/** What both feeds say, from the newest changes of published resources. */
export const statusFeedOf = ({
  locale,
  items,
  t,
  siteName,
}: {
  locale: Locale
  items: StatusFeedItem[]
  t: Translate
  siteName: string
}) => ({
  locale,
  title: `${t('feed-title')} — ${siteName}`,
  description: t('feed-description'),
  home: absoluteUrl(localizedPath(locale, '/')),
  entries: items.map((item) => ({
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
  })),
})

export type StatusFeed = ReturnType<typeof statusFeedOf>

/** RSS 2.0. */
export const statusRss = (feed: StatusFeed) =>
  buildRss({
    title: feed.title,
    link: feed.home,
    self: absoluteUrl(localizedPath(feed.locale, STATUS_FEED_PATHS.rss)),
    description: feed.description,
    language: LOCALE_TAGS[feed.locale],
    items: feed.entries.map((entry) => ({
      title: entry.title,
      link: entry.url,
      description: entry.text,
      published: entry.published,
    })),
  })

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1). */
export const statusJsonFeed = (feed: StatusFeed) =>
  JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    home_page_url: feed.home,
    feed_url: absoluteUrl(localizedPath(feed.locale, STATUS_FEED_PATHS.json)),
    description: feed.description,
    language: LOCALE_TAGS[feed.locale],
    items: feed.entries.map((entry) => ({
      id: entry.url,
      url: entry.url,
      title: entry.title,
      content_text: entry.text,
      date_published: entry.published.toISOString(),
    })),
  })
