/**
 * Where the proxy sends a badge's or a widget's public address (src/lib/embeds.ts). Like the
 * directory's views (src/lib/directoryViews.ts), the query becomes path segments of an internal,
 * cached route, so every badge has a bounded set of cached answers.
 */
import { VIEW_ROOT } from './directoryViews'
import {
  BADGE_EXTENSION,
  EMBED_KINDS,
  type EmbedKind,
  type EmbedLanguages,
  embedVariant,
  readEmbedOptions,
} from './embeds'
import { isWellEncoded } from './percentEncoding'

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
