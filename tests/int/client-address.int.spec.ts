import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { RATE_LIMITS } from '@/lib/limits'
import { PEER_ADDRESS_HEADER } from '@/lib/peerAddress'

import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

beforeAll(async () => {
  await startPayload()
})

afterAll(releasePayload)

afterEach(() => {
  vi.unstubAllEnvs()
})

/** Sign-in attempts from one TCP peer, each with an X-Forwarded-For of its own (slow: ~1 s each). */
const attemptsFrom = async (peer: string) => {
  const statuses: number[] = []
  for (let attempt = 0; attempt < RATE_LIMITS.loginPerAddress.points + 1; attempt += 1) {
    const { status } = await rest('POST', '/login', {
      body: { login: `stranger${attempt}`, password: 'guess-guess' },
      headers: { [PEER_ADDRESS_HEADER]: peer, 'x-forwarded-for': `192.0.2.${attempt + 1}` },
    })
    statuses.push(status)
  }
  return statuses
}

describe('per-address sign-in limit', () => {
  it('should stop a client that sends a fresh X-Forwarded-For with every attempt', async () => {
    const statuses = await attemptsFrom('203.0.113.21')
    expect([statuses[0], statuses.at(-1)]).toEqual([422, 429])
  }, 120_000)

  it('should count each client apart behind a proxy named in TRUSTED_PROXIES', async () => {
    vi.stubEnv('TRUSTED_PROXIES', '203.0.113.0/28')
    const statuses = await attemptsFrom('203.0.113.2')
    expect(statuses.filter((status) => status === 429)).toEqual([])
  }, 120_000)
})
