/**
 * The badge and the widget an owner puts on their own site (issue 47): `/badge/{prefix}/{url}.svg`
 * and `/widget/{prefix}/{url}`, each with `?theme=dark&lang=en&size=s|m|l`. Like the directory's
 * views (src/lib/directoryViews.ts), the proxy turns the query into path segments of an internal,
 * cached route, so every badge has a bounded set of cached answers: unknown or invalid values
 * fall back to the defaults (light, Russian, m).
 */
import { VIEW_ROOT } from './directoryViews'
import { isWellEncoded } from './percentEncoding'

export const EMBED_KINDS = ['badge', 'widget'] as const
export type EmbedKind = (typeof EMBED_KINDS)[number]

export const EMBED_THEMES = ['light', 'dark'] as const
export type EmbedTheme = (typeof EMBED_THEMES)[number]

export const BADGE_SIZES = ['s', 'm', 'l'] as const
export type BadgeSize = (typeof BADGE_SIZES)[number]

/** The site's languages (src/i18n/routing.ts, which src/lib may not import), the first the default. */
export type EmbedLanguages<L extends string> = readonly [L, ...L[]]

export type EmbedOptions<L extends string = string> = {
  theme: EmbedTheme
  lang: L
  size: BadgeSize
}

export const DEFAULT_THEME: EmbedTheme = 'light'
export const DEFAULT_SIZE: BadgeSize = 'm'

/** The badge's file extension in its public address. */
const BADGE_EXTENSION = '.svg'

/** What a browser may keep a badge or widget for before asking again (seconds). */
export const EMBED_BROWSER_SECONDS = 300

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T) =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback

/** An embed's options from its query, read leniently: `languages[0]` is the default language. */
export const readEmbedOptions = <L extends string>(
  search: URLSearchParams,
  languages: EmbedLanguages<L>,
): EmbedOptions<L> => ({
  theme: oneOf(EMBED_THEMES, search.get('theme'), DEFAULT_THEME),
  lang: oneOf(languages, search.get('lang'), languages[0]),
  size: oneOf(BADGE_SIZES, search.get('size'), DEFAULT_SIZE),
})

/** The variant segment of the internal route: `dark-l` for a badge, `dark` for a widget. */
export const embedVariant = (kind: EmbedKind, options: EmbedOptions) =>
  kind === 'badge' ? `${options.theme}-${options.size}` : options.theme

/** A variant segment read back; null when it is not one the proxy writes. */
export const readEmbedVariant = (
  kind: EmbedKind,
  variant: string,
): Pick<EmbedOptions, 'theme' | 'size'> | null => {
  const [theme, size, ...rest] = variant.split('-')
  if (rest.length || !(EMBED_THEMES as readonly string[]).includes(theme ?? '')) return null
  if (kind === 'widget')
    return size === undefined ? { theme: theme as EmbedTheme, size: 'm' } : null
  if (!(BADGE_SIZES as readonly string[]).includes(size ?? '')) return null
  return { theme: theme as EmbedTheme, size: size as BadgeSize }
}

/**
 * The query of an embed's public address. The language is always named (the site's default may
 * change; a snippet pasted on another site should not); the other defaults are left out.
 */
const embedQuery = (kind: EmbedKind, options: EmbedOptions) => {
  const params = new URLSearchParams()
  if (options.theme !== DEFAULT_THEME) params.set('theme', options.theme)
  params.set('lang', options.lang)
  if (kind === 'badge' && options.size !== DEFAULT_SIZE) params.set('size', options.size)
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** An embed's public address (without the site's origin) for a resource's prefix and slug. */
export const embedPath = (
  kind: EmbedKind,
  resource: { prefix: string; slug: string },
  options: EmbedOptions,
) =>
  `/${kind}/${resource.prefix}/${encodeURIComponent(resource.slug)}` +
  `${kind === 'badge' ? BADGE_EXTENSION : ''}${embedQuery(kind, options)}`

/** Whether a path (locale removed) is a badge's or a widget's public address. */
export const embedKindOf = (path: string): EmbedKind | null => {
  const [first] = path.split('/').filter(Boolean)
  return (EMBED_KINDS as readonly string[]).includes(first ?? '') ? (first as EmbedKind) : null
}

/** An address that names no resource: the route answers it with its plain 404. */
const NOTHING = '_'

/**
 * The internal path the proxy rewrites an embed's public address to:
 * `/badge/shops/bazaar.svg?theme=dark&lang=en` → `/en/directory-view/badge/shops/bazaar/dark-m`.
 * Null when `path` is not an embed's. An address of the wrong shape (a badge without `.svg`,
 * extra segments, broken percent-encoding) keeps its kind, so it is answered by the embed's own
 * 404, which may be framed and runs nothing, not by the site's not-found page.
 */
export const embedInternalPath = <L extends string>(
  path: string,
  search: URLSearchParams,
  languages: EmbedLanguages<L>,
): string | null => {
  const kind = embedKindOf(path)
  if (!kind) return null
  const options = readEmbedOptions(search, languages)
  const [, prefix, file, ...rest] = path.split('/').filter(Boolean)
  const url = kind === 'badge' ? badgeSlug(file) : file
  const named = prefix && url && !rest.length && isWellEncoded(prefix) && isWellEncoded(url)
  const [prefixSegment, urlSegment] = named ? [prefix, url] : [NOTHING, NOTHING]
  return `/${options.lang}${VIEW_ROOT}/${kind}/${prefixSegment}/${urlSegment}/${embedVariant(kind, options)}`
}

const badgeSlug = (file: string | undefined) =>
  file?.endsWith(BADGE_EXTENSION) ? file.slice(0, -BADGE_EXTENSION.length) : undefined

/** Text for HTML or XML, in an element or an attribute: nothing in it is markup. */
export const escapeMarkup = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    // What XML 1.0 does not allow (a NUL, other controls, lone surrogates) is dropped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')

/** The widget's frame in the owner's page: the card's width, tall enough for three reviews. */
export const WIDGET_FRAME = { maxWidth: 420, height: 500 } as const

/**
 * The code an owner pastes into their site, with the site's absolute addresses: the badge as an
 * image linking to the resource's page, the widget as a frame.
 */
export const embedSnippets = ({
  origin,
  pageUrl,
  resource,
  options,
  alt,
  title,
}: {
  origin: string
  /** The resource's page in the embed's language (absolute). */
  pageUrl: string
  resource: { prefix: string; slug: string }
  options: EmbedOptions
  /** The badge's alternative text and the frame's title, in the embed's language. */
  alt: string
  title: string
}) => ({
  badge:
    `<a href="${escapeMarkup(pageUrl)}" target="_blank" rel="noopener">` +
    `<img src="${escapeMarkup(origin + embedPath('badge', resource, options))}" alt="${escapeMarkup(alt)}"></a>`,
  widget:
    `<iframe src="${escapeMarkup(origin + embedPath('widget', resource, options))}" title="${escapeMarkup(title)}" ` +
    `width="100%" height="${WIDGET_FRAME.height}" style="max-width:${WIDGET_FRAME.maxWidth}px;border:0" loading="lazy"></iframe>`,
})
