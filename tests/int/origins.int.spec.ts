import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createMember } from '../helpers/directory'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload
let session: string

beforeAll(async () => {
  payload = await startPayload()
  const { token } = await createMember({ payload })
  session = `payload-token=${token}`
})

afterAll(releasePayload)

/** A call the page at `origin` makes with the browser's session cookie (no bearer token). */
const favoritesFrom = (origin: string, headers: Record<string, string> = {}) =>
  rest('POST', '/get-user-favorites', { headers: { Cookie: session, Origin: origin, ...headers } })

describe('session cookie and the page origin', () => {
  it('should take the cookie from a loopback alias of the configured address in development', async () => {
    const answers = await Promise.all(
      ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'].map((origin) =>
        favoritesFrom(origin),
      ),
    )
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200])
  })

  it('should say where the site is when the cookie comes from another origin', async () => {
    const { status, json } = await favoritesFrom('http://127.0.0.1:4000', {
      'Accept-Language': 'en',
    })
    expect([status, json.code, json.message]).toEqual([
      401,
      'wrong-origin',
      'This site is configured for http://localhost:3000; open it there.',
    ])
  })

  it('should say it in Russian too', async () => {
    const { json } = await favoritesFrom('https://mirror.example', { 'Accept-Language': 'ru' })
    expect(json.message).toBe('Сайт настроен на адрес http://localhost:3000: откройте его там.')
  })

  it('should still ask a guest from another origin to sign in', async () => {
    const { status, json } = await rest('POST', '/get-user-favorites', {
      headers: { Origin: 'https://mirror.example', 'Accept-Language': 'en' },
    })
    expect([status, json.code, json.message]).toEqual([401, 'unauthorized', 'Please sign in.'])
  })
})
