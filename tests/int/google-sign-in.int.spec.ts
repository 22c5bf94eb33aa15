import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createVerifiedAccount } from '../helpers/accounts'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload
let server: Server

const CLIENT_ID = 'test-client.apps.googleusercontent.com'

/** Stands in for Google's tokeninfo: the "ID token" is the JSON of the identity it vouches for. */
const identityToken = (claims: Record<string, unknown>) =>
  Buffer.from(
    JSON.stringify({
      aud: CLIENT_ID,
      iss: 'https://accounts.google.com',
      email_verified: 'true',
      exp: String(Math.floor(Date.now() / 1000) + 600),
      ...claims,
    }),
  ).toString('base64url')

beforeAll(async () => {
  payload = await startPayload()
  server = createServer((request, response) => {
    const token = new URL(request.url ?? '/', 'http://x').searchParams.get('id_token') ?? ''
    try {
      const claims = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(claims))
    } catch {
      response.writeHead(400, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ error: 'invalid_token' }))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  process.env.GOOGLE_CLIENT_ID = CLIENT_ID
  process.env.GOOGLE_TOKENINFO_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tokeninfo`
})

afterAll(async () => {
  delete process.env.GOOGLE_CLIENT_ID
  delete process.env.GOOGLE_TOKENINFO_URL
  await new Promise((resolve) => server.close(resolve))
  await releasePayload()
})

const english = { 'Accept-Language': 'en' }

describe('Google sign-in', () => {
  it('should create a confirmed account for a new Google identity and sign it in', async () => {
    const credential = identityToken({ sub: 'g-1001', email: 'anna.g@example.com', name: 'Anna G' })
    const { status, json } = await rest('POST', '/google-sign-in', {
      body: { credential, consent: true },
    })
    expect([status, json.auth, json.user.auth_provider, json.user.status]).toEqual([
      200,
      null,
      'google',
      'verified',
    ])
  })

  it('should sign the same Google identity into the same account next time', async () => {
    const credential = identityToken({ sub: 'g-1002', email: 'boris.g@example.com' })
    const first = await rest('POST', '/google-sign-in', { body: { credential, consent: true } })
    const second = await rest('POST', '/google-sign-in', { body: { credential, consent: true } })
    expect(second.json.user_id).toBe(first.json.user_id)
  })

  it('should keep a password account apart from a Google identity with its address', async () => {
    const account = await createVerifiedAccount()
    const credential = identityToken({ sub: 'g-1003', email: account.email })
    const { status, json } = await rest('POST', '/google-sign-in', {
      body: { credential, consent: true },
      headers: english,
    })
    expect([status, json.message]).toEqual([
      409,
      'This email belongs to an account that signs in with a password: sign in with your login and password.',
    ])
  })

  it('should tell a Google account to use the Google button instead of a password', async () => {
    const credential = identityToken({ sub: 'g-1004', email: 'clara.g@example.com' })
    const { json } = await rest('POST', '/google-sign-in', { body: { credential, consent: true } })
    const { status, json: refused } = await rest('POST', '/login', {
      body: { login: json.user.login, password: 'whatever-it-is' },
      headers: english,
    })
    expect([status, refused.message]).toEqual([
      409,
      'This account signs in with Google: use the Google button.',
    ])
  })

  it('should refuse a token meant for another site', async () => {
    const credential = identityToken({
      sub: 'g-1005',
      email: 'dan.g@example.com',
      aud: 'someone-else',
    })
    const { status } = await rest('POST', '/google-sign-in', {
      body: { credential, consent: true },
    })
    expect(status).toBe(422)
  })

  it('should refuse a token Google does not vouch for', async () => {
    const { status } = await rest('POST', '/google-sign-in', { body: { credential: 'garbage!' } })
    expect(status).toBe(422)
  })

  it('should answer 402 to a blocked Google account', async () => {
    const credential = identityToken({ sub: 'g-1006', email: 'eve.g@example.com' })
    const { json } = await rest('POST', '/google-sign-in', { body: { credential, consent: true } })
    await payload.update({ collection: 'users', id: json.user_id, data: { blocked: true } })
    const { status } = await rest('POST', '/google-sign-in', {
      body: { credential, consent: true },
    })
    expect(status).toBe(402)
  })
})
