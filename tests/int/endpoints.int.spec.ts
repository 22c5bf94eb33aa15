import {
  NotFound,
  type Payload,
  type PayloadRequest,
  ValidationError,
  createLocalReq,
} from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'

import { type Caller, answer, declareCall } from '@/api/call'
import { isAdmin } from '@/lib/roles'
import { defineEndpoint } from '@endpoints/lib/defineEndpoint'
import type { User } from '@payload-types'

import { createVerifiedAccount, signInToken } from '../helpers/accounts'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload
let member: User

beforeAll(async () => {
  payload = await startPayload()
  const account = await createVerifiedAccount()
  member = await payload.findByID({ collection: 'users', id: account.userId })
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }

/** A request as Payload hands it to an endpoint, from `user` (or a guest) with a JSON body. */
const requestFrom = async ({ user, body = {} }: { user?: User; body?: unknown }) => {
  const req = await createLocalReq({ user: user && { ...user, collection: 'users' } }, payload)
  return Object.assign(req, {
    headers: new Headers({ 'content-type': 'application/json', ...english }),
    json: async () => body,
  }) as PayloadRequest
}

const answerOf = async (response: Response) => ({
  status: response.status,
  ...((await response.json()) as { code?: string; message?: string }),
})

const probe = (handler: () => Promise<Response>, auth: Exclude<Caller, 'anyone'> = 'signedIn') =>
  defineEndpoint(
    declareCall({
      path: '/probe',
      method: 'post',
      auth,
      summary: 'A call made for this test',
      answer: answer(),
      body: z.object({ count: z.coerce.number({ message: 'required' }).int('required') }),
    }),
    { handler, fieldNames: { displayName: 'display_name' } },
  )

const done = async () => Response.json({ status: 200 })

describe('defineEndpoint', () => {
  it('should ask a guest to sign in', async () => {
    const response = await probe(done).handler(await requestFrom({ body: { count: 1 } }))
    expect(await answerOf(response)).toMatchObject({ status: 401, message: 'Please sign in.' })
  })

  it('should refuse a blocked account with the spec sentence', async () => {
    const req = await requestFrom({ user: { ...member, blocked: true }, body: { count: 1 } })
    const response = await probe(done).handler(req)
    expect(await answerOf(response)).toMatchObject({ status: 402, message: 'You are blocked.' })
  })

  it('should refuse a caller its capability does not admit', async () => {
    const req = await requestFrom({ user: member, body: { count: 1 } })
    const response = await probe(done, isAdmin).handler(req)
    expect((await answerOf(response)).status).toBe(403)
  })

  it('should answer a malformed body field by field', async () => {
    const response = await probe(done).handler(
      await requestFrom({ user: member, body: { count: 'many' } }),
    )
    expect(await response.json()).toMatchObject({
      status: 422,
      errors: { count: ['This field is required.'] },
    })
  })

  it("should answer a collection's validation error under the API's field name", async () => {
    const refused = async (): Promise<Response> => {
      throw new ValidationError({
        collection: 'users',
        errors: [{ path: 'displayName', message: 'Taken.' }],
      })
    }
    const response = await probe(refused).handler(
      await requestFrom({ user: member, body: { count: 1 } }),
    )
    expect(await response.json()).toMatchObject({
      status: 422,
      errors: { display_name: ['Taken.'] },
    })
  })

  it('should log an unexpected failure and answer 500 with the generic message', async () => {
    const log = vi.spyOn(payload.logger, 'error').mockImplementation(() => undefined)
    const broken = async (): Promise<Response> => {
      throw new TypeError("Cannot read properties of undefined (reading 'id')")
    }
    // The worker's later files share this Payload's logger: the spy goes, whatever happens here.
    let response: Response
    let logged: number
    try {
      response = await probe(broken).handler(
        await requestFrom({ user: member, body: { count: 1 } }),
      )
      logged = log.mock.calls.length
    } finally {
      log.mockRestore()
    }
    expect([await answerOf(response), logged]).toEqual([
      { status: 500, code: 'unexpected-error', message: 'Unexpected error occurred' },
      1,
    ])
  })

  it('should answer 503 with Retry-After, unlogged, when the database does not answer', async () => {
    const log = vi.spyOn(payload.logger, 'error').mockImplementation(() => undefined)
    const away = async (): Promise<Response> => {
      throw new Error('Failed query: select 1', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
          code: 'ECONNREFUSED',
        }),
      })
    }
    let response: Response
    let logged: number
    try {
      response = await probe(away).handler(await requestFrom({ user: member, body: { count: 1 } }))
      logged = log.mock.calls.length
    } finally {
      log.mockRestore()
    }
    expect(response.headers.get('retry-after')).toBe('5')
    expect([await answerOf(response), logged]).toEqual([
      {
        status: 503,
        code: 'service-unavailable',
        message: 'Service temporarily unavailable, please try again',
      },
      0,
    ])
  })

  it("should answer Payload's own client errors with their status, in the API's shape", async () => {
    const missing = async (): Promise<Response> => {
      throw new NotFound()
    }
    const req = await requestFrom({ user: member, body: { count: 1 } })
    const answer = await probe(missing).handler(req)
    expect(answer.status).toBe(404)
    expect(await answer.json()).toMatchObject({ status: 404, message: expect.any(String) })
  })
})

describe('ids that cannot exist', () => {
  const tooLarge = 99_999_999_999

  it('should answer 422, not 500, to an id beyond the database range', async () => {
    const token = await signInToken(await createVerifiedAccount())
    const answers = await Promise.all([
      rest('GET', `/get-user-by-id?id=${tooLarge}`, { token }),
      rest('POST', '/reply-review', { token, body: { review_id: tooLarge, reply: 'Thanks' } }),
      rest('GET', `/resource-relations?ids=1,${tooLarge}`, { token }),
      rest('POST', '/add-favorite', { token, body: { resource_id: tooLarge } }),
    ])
    expect(answers.map(({ status }) => status)).toEqual([422, 422, 422, 422])
  })

  it('should answer 404 to an id that is well formed but unknown', async () => {
    const token = await signInToken(await createVerifiedAccount())
    const { status, json } = await rest('POST', '/reply-review', {
      token,
      body: { review_id: 2_000_000_000, reply: 'Thanks' },
      headers: english,
    })
    expect([status, json.message]).toEqual([404, 'Review not found.'])
  })

  it('should refuse, not fail on, a review of a resource id beyond the range through REST', async () => {
    const token = await signInToken(await createVerifiedAccount())
    const { status } = await rest('POST', '/reviews', {
      token,
      body: { resource: tooLarge, grade: 5, comment: 'Fine' },
    })
    expect(status).toBe(400)
  })
})
