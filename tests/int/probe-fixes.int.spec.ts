import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { createMember } from '../helpers/directory'
import { pngFile } from '../helpers/forms'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

describe('a REST upload without its _payload field', () => {
  it('should be a clear 400 in the caller’s language, not an error in the log', async () => {
    const member = await createMember({ payload })
    const errors = vi.spyOn(payload.logger, 'error')
    for (const [collection, extra] of [['media', null], ['attachments', null], ['media', 'abc'], ['media', 'null'], ['media', '[1]'], ['media', '"x"'], ['media', '{']]) {
      const body = new FormData()
      if (extra !== null) body.append('_payload', extra)
      body.append('file', pngFile())
      const answer = await rest('POST', `/${collection}`, {
        body,
        token: member.token,
        headers: { 'Accept-Language': 'en' },
      })
      console.log(collection, extra, answer.status, JSON.stringify(answer.json))
    }
    console.log(JSON.stringify(errors.mock.calls.map((c) => [c[0]?.msg, String(c[0]?.err?.stack ?? c[0]?.err).slice(0, 1200)])))
  })
})
