/**
 * The badge and the widget an owner puts on their own site (issue 47): `/badge/{prefix}/{url}.svg`
 * and `/widget/{prefix}/{url}`, each with `?theme=dark&lang=en&size=s|m|l`, read leniently:
 * unknown or invalid values fall back to the defaults (light, Russian, m). The proxy's rewrite of
 * them is src/lib/embedAddress.ts; this module is what the owner's panel also runs in the browser.
 */

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
export const BADGE_EXTENSION = '.svg'

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
