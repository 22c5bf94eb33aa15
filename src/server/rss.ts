import 'server-only'

/**
 * An RSS 2.0 document (https://www.rssboard.org/rss-specification), with the Atom `self` link
 * feed validators ask for. An item's title and description are plain text (plainText), every text
 * is escaped once; dates are RFC 822, as RSS requires.
 */
export type FeedItem = {
  title: string
  /** Absolute. */
  link: string
  description: string
  published: Date | null
  image?: { url: string; type?: string } | null
}

export type Feed = {
  title: string
  /** The site page the feed follows (absolute). */
  link: string
  /** This feed's own address (absolute). */
  self: string
  description: string
  /** BCP 47, as RSS's `language` takes it: `ru-RU`, `en`. */
  language: string
  items: FeedItem[]
}

/** Escapes text for an XML element or attribute, dropping what XML 1.0 cannot hold. */
export const escapeXml = (value: string) =>
  value
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

/**
 * Text with no markup left in it, for readers that render an item's title and description as
 * HTML (most do, and not all sanitise): tags, comments and declarations (`<b>`, `</p>`, `<!--`,
 * `<img …` to the end when never closed) go; a `<` that opens nothing (`a < b`, `<3`) stays a
 * character, which escapeXml then writes once.
 */
export const plainText = (value: string) =>
  value
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<[a-zA-Z/!?][^>]*(?:>|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** `Mon, 23 Nov 2026 21:05:00 GMT`: RFC 822 with a four-digit year, as RSS readers expect. */
export const rfc822 = (date: Date) => date.toUTCString()

const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`

export const buildRss = (feed: Feed): string => {
  const newest = feed.items.reduce<Date | null>(
    (latest, item) =>
      item.published && (!latest || item.published > latest) ? item.published : latest,
    null,
  )
  const items = feed.items.map((item) =>
    [
      '<item>',
      element('title', plainText(item.title)),
      element('link', item.link),
      `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      element('description', plainText(item.description)),
      item.published ? element('pubDate', rfc822(item.published)) : '',
      item.image
        ? `<enclosure url="${escapeXml(item.image.url)}" length="0" type="${escapeXml(item.image.type ?? 'image/jpeg')}"/>`
        : '',
      '</item>',
    ]
      .filter(Boolean)
      .join(''),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', feed.title),
    element('link', feed.link),
    `<atom:link href="${escapeXml(feed.self)}" rel="self" type="application/rss+xml"/>`,
    element('description', feed.description),
    element('language', feed.language),
    newest ? element('lastBuildDate', rfc822(newest)) : '',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n')
}
