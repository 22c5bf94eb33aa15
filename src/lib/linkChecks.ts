/** Hosts of overlay networks (Tor, I2P) the checker cannot reach: not checked, and shown so. */
export const isOverlayNetworkAddress = (url: string): boolean => {
  try {
    return /\.(onion|i2p)$/i.test(new URL(url).hostname.replace(/\.$/, ''))
  } catch {
    return false
  }
}
