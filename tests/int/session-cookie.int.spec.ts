import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createMember } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

describe('a session cookie Payload does not read', () => {
  it('should be a guest, not a database outage, for a client without Origin or Sec-Fetch-Site', async () => {
    const member = await createMember({ payload })
    const cookie = { Cookie: `payload-token=${member.token}` }
    // curl or a script: Payload's CSRF rule ignores the cookie, and nothing is away.
    const script = await rest('GET', '/users/me', { headers: cookie })
    expect([script.status, script.json?.user]).toEqual([200, null])
    // A browser's own navigation says it is same-origin: the cookie is read.
    const browser = await rest('GET', '/users/me', {
      headers: { ...cookie, 'Sec-Fetch-Site': 'same-origin' },
    })
    expect([browser.status, browser.json?.user?.id]).toEqual([200, member.user.id])
  })
})
