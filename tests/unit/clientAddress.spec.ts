import { afterEach, describe, expect, it, vi } from 'vitest'

import { PEER_ADDRESS_FLAG, PEER_ADDRESS_HEADER } from '@/lib/peerAddress'
import {
  clientAddress,
  normaliseAddress,
  parseTrustedProxies,
  resolveClientAddress,
} from '@/server/clientAddress'

const resolve = ({
  peer,
  forwardedFor,
  trusted = '',
}: {
  peer: string
  forwardedFor?: string
  trusted?: string
}) => resolveClientAddress({ peer, forwardedFor, trustedProxies: parseTrustedProxies(trusted) })

describe('client address without trusted proxies', () => {
  it('should ignore an X-Forwarded-For the client wrote', () => {
    expect(resolve({ peer: '203.0.113.5', forwardedFor: '198.51.100.1, 10.0.0.1' })).toBe(
      '203.0.113.5',
    )
  })

  it('should give the peer as IPv4 when it came as IPv4-mapped IPv6', () => {
    expect(resolve({ peer: '::ffff:203.0.113.5' })).toBe('203.0.113.5')
  })

  it('should give an IPv6 peer in its compressed form', () => {
    expect(resolve({ peer: '2001:DB8:0:0:0:0:0:1' })).toBe('2001:db8::1')
  })

  it('should know no address when the peer is missing or garbage', () => {
    expect([resolve({ peer: '' }), resolve({ peer: 'localhost' })]).toEqual([null, null])
  })
})

describe('client address behind trusted proxies', () => {
  it('should take the right-most hop that is not a trusted proxy', () => {
    expect(
      resolve({
        peer: '10.0.0.2',
        forwardedFor: '192.0.2.66, 198.51.100.9, 10.0.0.7',
        trusted: '10.0.0.0/8',
      }),
    ).toBe('198.51.100.9')
  })

  it('should not let a spoofed left-most hop through', () => {
    expect(
      resolve({ peer: '10.0.0.2', forwardedFor: '1.1.1.1, 198.51.100.9', trusted: '10.0.0.2' }),
    ).toBe('198.51.100.9')
  })

  it('should stop at the left-most hop when every hop is trusted', () => {
    expect(
      resolve({ peer: '10.0.0.2', forwardedFor: '10.0.0.9, 10.0.0.8', trusted: '10.0.0.0/8' }),
    ).toBe('10.0.0.9')
  })

  it('should match IPv6 ranges and IPv4-mapped peers', () => {
    expect([
      resolve({ peer: '2001:db8::7', forwardedFor: '2001:DB8:1::5', trusted: '2001:db8::/64' }),
      resolve({
        peer: '::ffff:10.1.2.3',
        forwardedFor: '::ffff:198.51.100.4',
        trusted: '10.0.0.0/8',
      }),
    ]).toEqual(['2001:db8:1::5', '198.51.100.4'])
  })

  it('should keep the last sure address when a hop is garbage', () => {
    expect([
      resolve({ peer: '10.0.0.2', forwardedFor: '198.51.100.9, <script>', trusted: '10.0.0.0/8' }),
      resolve({ peer: '10.0.0.2', forwardedFor: 'unknown, 10.0.0.3', trusted: '10.0.0.0/8' }),
      resolve({ peer: '10.0.0.2', forwardedFor: '', trusted: '10.0.0.0/8' }),
    ]).toEqual(['10.0.0.2', '10.0.0.3', '10.0.0.2'])
  })

  it('should read hops written with a port', () => {
    expect([
      resolve({ peer: '10.0.0.2', forwardedFor: '198.51.100.9:4711', trusted: '10.0.0.2' }),
      resolve({ peer: '10.0.0.2', forwardedFor: '[2001:db8::1]:443', trusted: '10.0.0.2' }),
    ]).toEqual(['198.51.100.9', '2001:db8::1'])
  })
})

describe('TRUSTED_PROXIES', () => {
  it('should accept addresses and CIDR ranges of both families', () => {
    expect(parseTrustedProxies(' 10.0.0.0/8 , 192.0.2.1,2001:db8::/32, ::1 ')).toHaveLength(4)
  })

  it('should refuse an entry that is neither an address nor a range', () => {
    expect(() => parseTrustedProxies('10.0.0.0/8, proxy.internal')).toThrow(/proxy\.internal/)
  })

  it('should refuse a range wider than its family', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/)
  })

  it('should refuse non-standard IPv4 forms', () => {
    expect([normaliseAddress('127.1'), normaliseAddress('0x7f.0.0.1')]).toEqual([null, null])
  })
})

describe('clientAddress', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })

  const request = (headers: Record<string, string>) => ({ headers: new Headers(headers) })

  it('should read the peer header only when the app server wrote it', () => {
    vi.stubEnv(PEER_ADDRESS_FLAG, '')
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(clientAddress(request({ [PEER_ADDRESS_HEADER]: '203.0.113.5' }))).toBe('unknown')
  })

  it('should follow TRUSTED_PROXIES as it is set', () => {
    vi.stubEnv(PEER_ADDRESS_FLAG, '1')
    vi.stubEnv('TRUSTED_PROXIES', '127.0.0.1')
    const headers = { [PEER_ADDRESS_HEADER]: '::ffff:127.0.0.1', 'x-forwarded-for': '198.51.100.9' }
    const behindProxy = clientAddress(request(headers))
    vi.stubEnv('TRUSTED_PROXIES', '')
    expect([behindProxy, clientAddress(request(headers))]).toEqual(['198.51.100.9', '127.0.0.1'])
  })
})
