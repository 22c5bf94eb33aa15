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
