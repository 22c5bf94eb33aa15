import 'server-only'

import { lookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'

import ipaddr from 'ipaddr.js'

import { LINK_CHECK_LIMITS } from '@/lib/limits'

/** Why an address was found down (or not checked); null when it answered. */
export type LinkErrorKind =
  'scheme' | 'dns' | 'private' | 'timeout' | 'refused' | 'tls' | 'network' | 'redirects' | 'http'

export type ProbeResult = {
  up: boolean
  /** The final answer's HTTP status, when there was one. */
  status: number | null
  ms: number
  error: LinkErrorKind | null
}

/** Which addresses a request may reach, and how long a name may take to resolve. */
export type AddressGuard = {
  timeoutMs: number
  /** Loopback, private and other non-public addresses too (tests only). */
  allowPrivate: boolean
  /** These addresses even when private ones are refused (tests: their own server). */
  allowedAddresses?: string[]
}

export type ProbeOptions = AddressGuard & { userAgent: string }

/** A request that failed, and how (the rates' fetcher, src/server/rates, throws it too). */
export class ProbeError extends Error {
  constructor(readonly kind: LinkErrorKind) {
    super(kind)
  }
}

/**
 * Checks one address as the monitor does: HEAD, then GET when HEAD is refused (405/501, or any
 * 4xx/5xx a GET might answer differently) or fails other than by a timeout; each redirect hop is
 * checked as the first. Up: a 2xx or 3xx final answer, or 401/403/429 (a login, an anti-bot wall
 * or a rate limit answers from a site that is there); down: any other 4xx/5xx, or no answer.
 */
export const probeLink = async (url: string, options: ProbeOptions): Promise<ProbeResult> => {
  const started = performance.now()
  const result = (status: number | null, error: LinkErrorKind | null) => ({
    up: error === null && status !== null && isUpStatus(status),
    status,
    ms: Math.round(performance.now() - started),
    error: error ?? (status !== null && !isUpStatus(status) ? ('http' as const) : null),
  })
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return result(null, 'scheme')
  }
  try {
    for (let hop = 0; hop <= LINK_CHECK_LIMITS.redirects; hop += 1) {
      const answer = await askWithFallback(target, options)
      const location = answer.location
      if (!REDIRECTS.has(answer.status) || !location) return result(answer.status, null)
      try {
        target = new URL(location, target)
      } catch {
        return result(answer.status, 'http')
      }
    }
    return result(null, 'redirects')
  } catch (error) {
    return result(null, error instanceof ProbeError ? error.kind : 'network')
  }
}

/** The statuses that send a client to another address (`Location`). */
export const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])
const UP_CLIENT_ERRORS = new Set([401, 403, 429])

const isUpStatus = (status: number) =>
  (status >= 200 && status < 400) || UP_CLIENT_ERRORS.has(status)

type Answer = { status: number; location: string | undefined }

const askWithFallback = async (target: URL, options: ProbeOptions): Promise<Answer> => {
  const address = await resolveSafely(target, options)
  try {
    const head = await ask({ target, address, method: 'HEAD', options })
    if (head.status < 400) return head
  } catch (error) {
    if (error instanceof ProbeError && error.kind === 'timeout') throw error
  }
  return ask({ target, address, method: 'GET', options })
}

export type Resolved = { address: string; family: 4 | 6 }

/**
 * The address to connect to: every address the name resolves to must be public (else the whole
 * name is refused), and the request connects to the one checked (`pinnedLookup`), so a second
 * lookup (DNS rebinding) cannot send it elsewhere.
 */
export const resolveSafely = async (target: URL, options: AddressGuard): Promise<Resolved> => {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new ProbeError('scheme')
  const host = target.hostname.replace(/^\[|\]$/g, '')
  let addresses: { address: string; family: number }[]
  let timer: NodeJS.Timeout | undefined
  try {
    // A resolver that does not answer is bounded like a server that does not.
    addresses = await Promise.race([
      lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ProbeError('timeout')), options.timeoutMs)
      }),
    ])
  } catch (error) {
    throw error instanceof ProbeError ? error : new ProbeError('dns')
  } finally {
    clearTimeout(timer)
  }
  if (!addresses.length) throw new ProbeError('dns')
  const isAllowed = (address: string) =>
    options.allowPrivate ||
    isPublicAddress(address) ||
    Boolean(options.allowedAddresses?.includes(address))
  if (!addresses.every(({ address }) => isAllowed(address))) {
    throw new ProbeError('private')
  }
  const [first] = addresses
  return { address: first.address, family: first.family === 6 ? 6 : 4 }
}

/** Global unicast only: not private, loopback, link-local, CGNAT, multicast, unspecified, reserved… */
export const isPublicAddress = (text: string): boolean => {
  if (!ipaddr.isValid(text)) return false
  let address = ipaddr.parse(text)
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address()
  }
  return address.range() === 'unicast'
}

const ask = ({
  target,
  address,
  method,
  options,
}: {
  target: URL
  address: Resolved
  method: 'HEAD' | 'GET'
  options: ProbeOptions
}) =>
  new Promise<Answer>((resolve, reject) => {
    const client = target.protocol === 'https:' ? https : http
    const request = client.request(target, {
      method,
      lookup: pinnedLookup(address),
      agent: false,
      headers: { 'user-agent': options.userAgent, accept: '*/*' },
    })
    const timer = setTimeout(() => request.destroy(new ProbeError('timeout')), options.timeoutMs)
    const finish = (settle: () => void) => {
      clearTimeout(timer)
      settle()
    }
    request.on('error', (error) => finish(() => reject(classify(error))))
    request.on('response', (response) => {
      const answer = {
        status: response.statusCode ?? 0,
        location: response.headers.location,
      }
      // Only the status matters: the body is not read, the connection is dropped.
      response.on('error', () => {})
      finish(() => resolve(answer))
      request.destroy()
    })
    request.end()
  })

/** A lookup that answers only the address `resolveSafely` checked, whatever name is asked. */
export const pinnedLookup =
  (address: Resolved): LookupFunction =>
  (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [address])
    else callback(null, address.address, address.family)
  }

/** A failed request's kind: refused, no such name, TLS, or any other network failure. */
export const classify = (error: unknown): ProbeError => {
  if (error instanceof ProbeError) return error
  const code = (error as { code?: string }).code ?? ''
  if (code === 'ECONNREFUSED') return new ProbeError('refused')
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new ProbeError('dns')
  if (/CERT|SSL|TLS|ERR_OSSL/i.test(code)) return new ProbeError('tls')
  return new ProbeError('network')
}
