/**
 * How the proxy reads a visit of the comparison (src/lib/compareQuery.ts says its form); apart,
 * so that the browser's tray does not carry what only the proxy needs.
 */
import { COMPARE_PARAM, COMPARE_PATH, canonicalSlugs, compareSearch } from './compareQuery'
import { LIMITS } from './limits'
import { decodedOr } from './percentEncoding'

/**
 * The `r` values of a raw query string (`?r=a&r=b`), decoded as a form does (`+` is a space); a
 * value whose percent-encoding decodes to nothing is dropped, other parameters are ignored.
 */
export const readCompareSlugs = (search: string): string[] =>
  search
    .replace(/^\?/, '')
    .split('&')
    .map((pair) => {
      const [key, ...value] = pair.split('=')
      const decode = (text: string) => decodedOr(text.replace(/\+/g, ' '), null)
      return decode(key ?? '') === COMPARE_PARAM ? decode(value.join('=')) : null
    })
    .filter((value): value is string => value !== null && value.length <= LIMITS.resourceSlugMax)

/**
 * Where a visit of `path` (locale removed) with the raw query `search` goes: null when it is not
 * the comparison; `redirect` (a locale-free address) when its query is not canonical; else the
 * internal `view` path that renders it.
 */
export const compareAddress = (
  path: string,
  search: string,
  viewRoot: string,
): { redirect: string } | { view: string } | null => {
  if (path !== COMPARE_PATH) return null
  const slugs = canonicalSlugs(readCompareSlugs(search))
  const canonical = compareSearch(slugs)
  if (search !== canonical) return { redirect: `${COMPARE_PATH}${canonical}` }
  return {
    view: [`${viewRoot}/compare`, ...slugs.map((slug) => encodeURIComponent(slug))].join('/'),
  }
}
