const ALLOWED_PROTOCOLS = new Set(['http:', 'https:'])

export const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow'

/** True for the only protocols a link may open: http: and https:. */
export const isAllowedProtocol = (protocol: string) => ALLOWED_PROTOCOLS.has(protocol)

/** An absolute http(s) URL, else null: any other protocol (javascript:, data:…), relative, bad. */
export const toSafeExternalUrl = (href: string): URL | null => {
  try {
    const url = new URL(href.trim())
    return isAllowedProtocol(url.protocol) ? url : null
  } catch {
    return null
  }
}

/** An address a resource may list: absolute, http(s), with a host. */
export const isWebAddress = (value: unknown): boolean =>
  typeof value === 'string' && Boolean(toSafeExternalUrl(value)?.hostname)

const SITE = 'https://site.invalid'

/**
 * A path of this site as a link may name one (`/faqs`, `/news/a?x=1#y`), which opens in place.
 * Not `//host` nor `/\host` (browsers read a backslash as a slash: both leave the site), nor any
 * address holding a backslash, a control character or a space (browsers drop tabs and line
 * breaks, so `/<tab>/host` is `//host` too), nor one whose path resolves to `//…`.
 */
export const isSitePath = (href: string): boolean => {
  if (!/^\/(?![/\\])/.test(href) || /[\\\s\u0000-\u001f\u007f]/.test(href)) return false
  try {
    const url = new URL(href, SITE)
    return url.origin === SITE && !url.pathname.startsWith('//')
  } catch {
    return false
  }
}

/**
 * True for a link written without a scheme (a path, `//host`, `/\host`) that the browser would
 * follow to another origin than the page's: it would leave the site without the external-link
 * rules (a new tab, rel=noopener noreferrer nofollow).
 */
export const leavesSiteUnmarked = (href: string, pageUrl: string): boolean => {
  const written = href.trim()
  if (/^[a-z][a-z\d+.-]*:/i.test(written)) return false
  try {
    return new URL(written, pageUrl).origin !== new URL(pageUrl).origin
  } catch {
    return true
  }
}

/** A link an editor may save: an absolute http(s) address, a path of this site, or `#anchor`. */
export const isSavableLink = (href: string): boolean =>
  isSitePath(href) || /^#[\w-]*$/.test(href) || Boolean(toSafeExternalUrl(href)?.hostname)
