import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { CONSENT_VERSION } from '@/lib/consent'
import { RATE_LIMITS } from '@/lib/limits'
import { PEER_ADDRESS_HEADER } from '@/lib/peerAddress'

import { buildRegistration, codeFrom } from '../helpers/accounts'
import { createMember } from '../helpers/directory'
import { waitForMail } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { graphql, rest } from '../helpers/restClient'

let payload: Payload
let adminToken: string

const english = { 'Accept-Language': 'en' }

beforeAll(async () => {
  payload = await startPayload()
  adminToken = (await createMember({ payload, role: 'admin' })).token
})

afterAll(releasePayload)

/** Registers through the site's call and answers the account's id and the emailed code. */
const register = async (overrides: Record<string, string | boolean> = {}) => {
  const body = buildRegistration(overrides)
  const { json } = await rest('POST', '/register-user', { body })
  const mail = await waitForMail({ to: String(body.email) })
  return { body, userId: json.user_id as number, code: codeFrom(mail.text) }
}

const confirm = (userId: number, code: string, headers: Record<string, string> = {}) =>
  rest('POST', '/verify-otp', { body: { user_id: userId, code }, headers })

const stored = (id: number) =>
  payload.findByID({ collection: 'users', id, depth: 0, overrideAccess: true })

describe('consent at sign-up', () => {
  it('should refuse a registration without consent, in English when asked', async () => {
    const body = buildRegistration()
    delete (body as Record<string, unknown>).consent
    const { status, json } = await rest('POST', '/register-user', { body, headers: english })
    expect([status, json.errors.consent[0]]).toEqual([
      422,
      'To sign up, accept the site rules and the privacy policy.',
    ])
  })

  it('should refuse a registration whose consent is false, in Russian by default', async () => {
    const { status, json } = await rest('POST', '/register-user', {
      body: buildRegistration({ consent: false }),
    })
    expect([status, json.errors.consent[0]]).toEqual([
      422,
      'Чтобы зарегистрироваться, примите правила сайта и политику конфиденциальности.',
    ])
  })

  it('should refuse consent given as text rather than true', async () => {
    const { status } = await rest('POST', '/register-user', {
      body: buildRegistration({ consent: 'yes' }),
    })
    expect(status).toBe(422)
  })

  it('should create no account when consent is missing', async () => {
    const body = buildRegistration({ consent: false })
    await rest('POST', '/register-user', { body })
    const { totalDocs } = await payload.count({
      collection: 'users',
      where: { email: { equals: body.email } },
    })
    expect(totalDocs).toBe(0)
  })

  it('should store the version agreed to and the time on the new account', async () => {
    const before = Date.now()
    const { userId } = await register()
    const user = await stored(userId)
    expect([
      user.consentVersion,
      new Date(user.consentedAt ?? 0).getTime() >= before - 1000,
    ]).toEqual([CONSENT_VERSION, true])
  })

  it('should show the consent to admins', async () => {
    const { userId } = await register()
    const { json } = await rest('GET', `/users/${userId}`, { token: adminToken })
    expect(json.consentVersion).toBe(CONSENT_VERSION)
  })

  it('should keep the consent fields from the member themselves', async () => {
    const { userId, code } = await register()
    const { json: signedIn } = await confirm(userId, code)
    const { json } = await rest('GET', `/users/${userId}`, { token: signedIn.user.token })
    expect([json.id, json.consentVersion, json.consentedAt]).toEqual([userId, undefined, undefined])
  })

  it('should not let a member rewrite their consent through REST', async () => {
    const { userId, code } = await register()
    const { json: signedIn } = await confirm(userId, code)
    await rest('PATCH', `/users/${userId}`, {
      token: signedIn.user.token,
      body: { consentVersion: 'forged', consentedAt: '2000-01-01T00:00:00.000Z' },
    })
    const user = await stored(userId)
    expect([user.consentVersion, user.consentedAt?.startsWith('2000')]).toEqual([
      CONSENT_VERSION,
      false,
    ])
  })

  it('should not let a member rewrite their consent through GraphQL', async () => {
    const { userId, code } = await register()
    const { json: signedIn } = await confirm(userId, code)
    await graphql(
      `
        mutation ($id: Int!) {
          updateUser(id: $id, data: { consentVersion: "forged" }) {
            id
          }
        }
      `,
      { variables: { id: userId }, token: signedIn.user.token },
    )
    expect((await stored(userId)).consentVersion).toBe(CONSENT_VERSION)
  })

  it('should not let even an admin write a consent through REST', async () => {
    const { userId } = await register()
    await rest('PATCH', `/users/${userId}`, {
      token: adminToken,
      body: { consentVersion: 'forged' },
    })
    expect((await stored(userId)).consentVersion).toBe(CONSENT_VERSION)
  })

  it('should keep Payload’s POST /api/users closed to the public', async () => {
    const body = buildRegistration()
    const { status } = await rest('POST', '/users', {
      body: {
        username: body.login,
        email: body.email,
        displayName: body.display_name,
        password: body.password,
        consentVersion: CONSENT_VERSION,
      },
    })
    const { totalDocs } = await payload.count({
      collection: 'users',
      where: { email: { equals: body.email } },
    })
    expect([status, totalDocs]).toEqual([403, 0])
  })

  it('should keep GraphQL’s createUser closed to the public', async () => {
    const body = buildRegistration()
    const { json } = await graphql(
      `
        mutation ($data: mutationUserInput!) {
          createUser(data: $data) {
            id
          }
        }
      `,
      {
        variables: {
          data: {
            username: body.login,
            email: body.email,
            displayName: body.display_name,
            password: body.password,
          },
        },
      },
    )
    const { totalDocs } = await payload.count({
      collection: 'users',
      where: { email: { equals: body.email } },
    })
    expect([Boolean(json?.errors?.length), totalDocs]).toEqual([true, 0])
  })
})

describe('Google sign-up', () => {
  let server: Server
  const CLIENT_ID = 'consent-test.apps.googleusercontent.com'

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
    server = createServer((request, response) => {
      const token = new URL(request.url ?? '/', 'http://x').searchParams.get('id_token') ?? ''
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(Buffer.from(token, 'base64url').toString('utf8'))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    process.env.GOOGLE_CLIENT_ID = CLIENT_ID
    process.env.GOOGLE_TOKENINFO_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })

  afterAll(async () => {
    delete process.env.GOOGLE_CLIENT_ID
    delete process.env.GOOGLE_TOKENINFO_URL
    await new Promise((resolve) => server.close(resolve))
  })

  it('should refuse a new Google account without consent and create nothing', async () => {
    const credential = identityToken({ sub: 'consent-g-1', email: 'consent.g1@example.com' })
    const { status, json } = await rest('POST', '/google-sign-in', {
      body: { credential },
      headers: english,
    })
    const { totalDocs } = await payload.count({
      collection: 'users',
      where: { email: { equals: 'consent.g1@example.com' } },
    })
    expect([status, json.errors.consent[0], totalDocs]).toEqual([
      422,
      'To sign up, accept the site rules and the privacy policy.',
      0,
    ])
  })

  it('should record the consent of a new Google account', async () => {
    const credential = identityToken({ sub: 'consent-g-2', email: 'consent.g2@example.com' })
    const { json } = await rest('POST', '/google-sign-in', { body: { credential, consent: true } })
    expect((await stored(json.user_id)).consentVersion).toBe(CONSENT_VERSION)
  })

  it('should sign an existing Google account in without asking again', async () => {
    const credential = identityToken({ sub: 'consent-g-3', email: 'consent.g3@example.com' })
    await rest('POST', '/google-sign-in', { body: { credential, consent: true } })
    const { status, json } = await rest('POST', '/google-sign-in', { body: { credential } })
    expect([status, typeof json.user.token]).toEqual([200, 'string'])
  })
})

describe('confirming the emailed code', () => {
  it('should sign the new member in: a token that works and the session cookie', async () => {
    const { userId, code } = await register()
    const { status, json, headers } = await confirm(userId, code)
    const me = await rest('GET', '/users/me', { token: json.user.token })
    expect([status, json.auth, me.json.user.id, headers.get('set-cookie')]).toEqual([
      200,
      null,
      userId,
      expect.stringContaining('payload-token='),
    ])
  })

  it('should mark the account confirmed', async () => {
    const { userId, code } = await register()
    await confirm(userId, code)
    expect((await stored(userId)).status).toBe('verified')
  })

  it('should refuse the same code a second time, without a session', async () => {
    const { userId, code } = await register()
    await confirm(userId, code)
    const again = await confirm(userId, code)
    expect([again.status, again.json.user, again.headers.get('set-cookie')]).toEqual([
      422,
      undefined,
      null,
    ])
  })

  it('should sign in only one of two confirmations racing with the same code', async () => {
    const { userId, code } = await register()
    const answers = await Promise.all([confirm(userId, code), confirm(userId, code)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422])
  })

  it('should never sign in an account whose address was already confirmed', async () => {
    const { userId, code } = await register()
    // Confirmed another way (an admin) while the emailed code is still unused.
    await payload.update({ collection: 'users', id: userId, data: { status: 'verified' } })
    const { status, json, headers } = await confirm(userId, code, english)
    expect([status, json.message, json.user, headers.get('set-cookie')]).toEqual([
      422,
      'OTP code is incorrect',
      undefined,
      null,
    ])
  })

  it('should not sign in with another account’s code', async () => {
    const first = await register()
    const second = await register()
    const { status, json } = await confirm(first.userId, second.code)
    expect([status, json.user]).toEqual([422, undefined])
  })

  it('should ask for the second factor of an account that has one, without a session', async () => {
    const { userId, code } = await register()
    await payload.update({ collection: 'users', id: userId, data: { twoFactor: 'totp' } })
    const { status, json, headers } = await confirm(userId, code)
    expect([status, json.auth, json.user, headers.get('set-cookie')]).toEqual([
      200,
      'google',
      undefined,
      expect.not.stringContaining('payload-token='),
    ])
  })

  it('should answer a blocked account 402 without a session', async () => {
    const { userId, code } = await register()
    await payload.update({
      collection: 'users',
      id: userId,
      data: { blocked: true, blockReason: 'Spam' },
    })
    const { status, headers } = await confirm(userId, code)
    expect([status, headers.get('set-cookie')]).toEqual([402, null])
  })

  it('should keep the per-address limit on confirmation attempts', async () => {
    const { userId } = await register()
    const headers = { [PEER_ADDRESS_HEADER]: '2001:db8:c0de::28' }
    const statuses: number[] = []
    for (let i = 0; i <= RATE_LIMITS.secondFactorPerAddress.points; i += 1) {
      statuses.push((await confirm(userId, '000000', headers)).status)
    }
    expect(statuses.at(-1)).toBe(429)
  })
})
