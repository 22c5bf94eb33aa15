const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname.replace(/\.$/, '').toLowerCase()
  } catch {
    return null
  }
}

/** Hosts of overlay networks (Tor, I2P) the checker cannot reach: not checked, and shown so. */
export const isOverlayNetworkAddress = (url: string): boolean =>
  /\.(onion|i2p)$/.test(hostOf(url) ?? '')

/**
 * Hosts under the names kept for examples (RFC 2606, RFC 6761): example.com, example.net,
 * example.org and the `example` domain. No site lives there, so the checker never asks them (the
 * demo's addresses are such): they keep the state they have, the seed's or none ("not checked").
 */
export const isExampleAddress = (url: string): boolean =>
  /(^|\.)(example\.(com|net|org)|example)$/.test(hostOf(url) ?? '')

/** The addresses the link checker asks: neither an overlay network's nor an example. */
export const isCheckedAddress = (url: string): boolean =>
  !isOverlayNetworkAddress(url) && !isExampleAddress(url)
