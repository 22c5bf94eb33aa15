import 'server-only'

import ipaddr from 'ipaddr.js'

import { PEER_ADDRESS_FLAG, PEER_ADDRESS_HEADER } from '@/lib/peerAddress'

import { env } from './env'

type Address = ipaddr.IPv4 | ipaddr.IPv6
type Range = [Address, number]

/** What per-address limits count when the peer is not known: one shared bucket. */
export const UNKNOWN_ADDRESS = 'unknown'

/**
 * The client's address, for per-address limits: the TCP peer, unless TRUSTED_PROXIES names it;
 * then X-Forwarded-For is read from the right, past every trusted hop, and the first untrusted one
 * is the client. Hops a client wrote itself sit to the left of that and are never reached.
 */
export const clientAddress = (req: { headers: Headers }): string => {
  const peer = env()[PEER_ADDRESS_FLAG] ? req.headers.get(PEER_ADDRESS_HEADER) : null
  const address = resolveClientAddress({
    peer,
    forwardedFor: req.headers.get('x-forwarded-for'),
    trustedProxies: trustedProxies(),
  })
  if (!address) warnOnce()
  return address ?? UNKNOWN_ADDRESS
}

/** The address as clientAddress decides it, from plain values; null when the peer is unknown. */
export const resolveClientAddress = ({
  peer,
  forwardedFor,
  trustedProxies: trusted,
}: {
  peer: string | null | undefined
  forwardedFor: string | null | undefined
  trustedProxies: Range[]
}): string | null => {
  let address = parseAddress(peer)
  if (!address) return null
  const hops = (forwardedFor ?? '').split(',').map((hop) => hop.trim())
  while (hops.length > 0 && isTrusted(address, trusted)) {
    const hop = parseAddress(hops.pop())
    // A trusted proxy always appends a real address: anything else was not written by one, so
    // the last address we are sure of stands.
    if (!hop) break
    address = hop
  }
  return canonical(address)
}

/** One address in its canonical form (IPv4-mapped IPv6 as IPv4, IPv6 compressed), or null. */
export const normaliseAddress = (value: string | null | undefined): string | null => {
  const address = parseAddress(value)
  return address ? canonical(address) : null
}

/**
 * TRUSTED_PROXIES, comma-separated IP addresses and CIDR ranges (`10.0.0.0/8, 2001:db8::/32`):
 * the proxies whose X-Forwarded-For is believed. Throws on an entry that is neither.
 */
export const parseTrustedProxies = (list: string | undefined): Range[] =>
  (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const range = parseRange(entry)
      if (!range) {
        throw new Error(`TRUSTED_PROXIES: "${entry}" is neither an IP address nor a CIDR range`)
      }
      return range
    })

let parsed: { list: string | undefined; ranges: Range[] } | null = null

/** TRUSTED_PROXIES as ranges, parsed again only when the variable changes. */
export const trustedProxies = (): Range[] => {
  const list = env().TRUSTED_PROXIES
  if (!parsed || parsed.list !== list) parsed = { list, ranges: parseTrustedProxies(list) }
  return parsed.ranges
}

const isTrusted = (address: Address, ranges: Range[]) =>
  ranges.some(
    ([network, bits]) => address.kind() === network.kind() && address.match(network, bits),
  )

const canonical = (address: Address) => address.toString()

/** A bare address, or one with a port as some proxies write it (`1.2.3.4:80`, `[::1]:80`). */
const parseAddress = (value: string | null | undefined): Address | null => {
  const text = (value ?? '').trim()
  const bare =
    text.match(/^\[([^\]]+)\](?::\d+)?$/)?.[1] ?? text.match(/^([\d.]+):\d+$/)?.[1] ?? text
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare)
  if (!ipaddr.IPv6.isValid(bare)) return null
  const address = ipaddr.IPv6.parse(bare.replace(/%.*$/, ''))
  return address.isIPv4MappedAddress() ? address.toIPv4Address() : address
}

const parseRange = (entry: string): Range | null => {
  const [text, bitsText, ...rest] = entry.split('/')
  const address = parseAddress(text)
  if (!address || rest.length > 0) return null
  const wasMapped = address.kind() === 'ipv4' && !ipaddr.IPv4.isValidFourPartDecimal(text)
  const max = address.kind() === 'ipv4' ? 32 : 128
  if (bitsText === undefined) return [address, max]
  if (!/^\d+$/.test(bitsText)) return null
  // An IPv4-mapped range (`::ffff:10.0.0.0/104`) counts its bits over 128.
  const bits = Number(bitsText) - (wasMapped ? 96 : 0)
  return bits >= 0 && bits <= max ? [address, bits] : null
}

let hasWarned = false

const warnOnce = () => {
  if (hasWarned) return
  hasWarned = true
  console.warn(
    'Client addresses are unknown: the app is not served by scripts/serve.ts (npm start, npm run dev), ' +
      'so every client shares one bucket of the per-address limits.',
  )
}
