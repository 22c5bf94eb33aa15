/**
 * The comparison's address (issue 47): `/compare?r={slug}&r={slug}`, one `r` per resource, named
 * by its slug (unique across the types, so no type prefix is needed). The canonical form is a set:
 * at most COMPARE_MAX distinct slugs, sorted, each percent-encoded as `encodeURIComponent` does,
 * and nothing else in the query. The proxy redirects any other spelling to it (duplicates, a
 * fourth resource, other parameters, broken percent-encoding) and serves the canonical one from
 * the page cache as an internal view, `/directory-view/compare/{slug}/{slug}`; the page drops the
 * slugs that name no published resource by redirecting to the form without them.
 */

export const COMPARE_PATH = '/compare'
export const COMPARE_PARAM = 'r'
export const COMPARE_MAX = 3

/**
 * A value that could be a resource's slug: not empty, no control characters (the browser's tray
 * needs no more; the proxy also drops what is longer than a slug may be: compareAddress.ts).
 */
export const isComparableSlug = (value: string) =>
  value.length > 0 &&
  // U+FFFD is what broken UTF-8 decodes to: no slug holds it.
  !/[\u0000-\u001f\u007f\ufffd]/.test(value)

/** The canonical set of slugs: the first COMPARE_MAX distinct valid ones, sorted by code unit. */
export const canonicalSlugs = (values: readonly string[]): string[] =>
  [...new Set(values.map((value) => value.trim()).filter(isComparableSlug))]
    .slice(0, COMPARE_MAX)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))

/** The canonical query of these slugs: `?r=a&r=b`, or '' for none. */
export const compareSearch = (slugs: readonly string[]) => {
  const canonical = canonicalSlugs(slugs)
  return canonical.length
    ? `?${canonical.map((slug) => `${COMPARE_PARAM}=${encodeURIComponent(slug)}`).join('&')}`
    : ''
}

/** The comparison of these slugs (locale-free): `/compare?r=a&r=b`. */
export const compareHref = (slugs: readonly string[]) => `${COMPARE_PATH}${compareSearch(slugs)}`

/** Whether a view's (decoded) slugs are the canonical set: the only views the proxy makes. */
export const isCanonicalView = (slugs: readonly string[]) => {
  const canonical = canonicalSlugs(slugs)
  return canonical.length === slugs.length && canonical.every((slug, i) => slug === slugs[i])
}
