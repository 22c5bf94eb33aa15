import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { cookiesFrom, createVerifiedAccount, signInToken } from '../helpers/accounts'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'
import { decryptChallenge, generatePgpKeyPair, oathtoolCode } from '../helpers/secondFactor'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }

/** A verified account with authenticator sign-in turned on; returns its secret. */
const withAuthenticator = async () => {
  const account = await createVerifiedAccount()
  const token = await signInToken(account)
  const { json } = await rest('GET', '/generate-qr-code', { token })
  await rest('POST', '/verify-otp-settings', {
    token,
    body: { code: oathtoolCode({ secret: json.secret }) },
  })
  return { ...account, token, secret: json.secret as string }
}

/** A verified account with PGP sign-in turned on; returns its key pair. */
const withPgp = async () => {
  const account = await createVerifiedAccount()
  const token = await signInToken(account)
  const keys = await generatePgpKeyPair(account.email)
  const { json } = await rest('POST', '/get-message', {
    token,
    body: { public_key: keys.publicKey },
  })
  const { code } = await decryptChallenge({ message: json.message, privateKey: keys.privateKey })
  await rest('POST', '/check-update-pgp', { token, body: { public_key: keys.publicKey, code } })
  return { ...account, token, ...keys }
}

describe('authenticator app', () => {
  it('should hand out a secret and a QR code of the otpauth address', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const { json } = await rest('GET', '/generate-qr-code', { token })
    expect(json.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(json.qr).toMatch(/^data:image\/png;base64,/)
  })

  it('should turn on with a code from an independent generator', async () => {
    const { userId } = await withAuthenticator()
    const user = await payload.findByID({ collection: 'users', id: userId })
    expect(user.twoFactor).toBe('totp')
  })

  it('should ask for the app code after the password', async () => {
    const account = await withAuthenticator()
    const { json } = await rest('POST', '/login', {
      body: { login: account.login, password: account.password },
    })
    expect([json.status, json.auth, json.user_id, json.user]).toEqual([
      200,
      'google',
      account.userId,
      undefined,
    ])
  })

  it('should sign in with login, password and the next code', async () => {
    const account = await withAuthenticator()
    await rest('POST', '/login', { body: { login: account.login, password: account.password } })
    const { status, json } = await rest('POST', '/login-google', {
      body: {
        message: oathtoolCode({ secret: account.secret, offsetSeconds: 30 }),
        login: account.login,
        password: account.password,
      },
    })
    expect([status, typeof json.user.token]).toEqual([200, 'string'])
  })

  it('should refuse a code that was already used', async () => {
    const account = await withAuthenticator()
    await rest('POST', '/login', { body: { login: account.login, password: account.password } })
    const { status, json } = await rest('POST', '/login-google', {
      body: {
        message: oathtoolCode({ secret: account.secret }),
        login: account.login,
        password: account.password,
      },
      headers: english,
    })
    expect([status, json.message]).toEqual([422, 'OTP code is incorrect'])
  })

  it('should finish the browser sign-in by user id and code with the ticket cookie', async () => {
    const account = await withAuthenticator()
    const first = await rest('POST', '/login', {
      body: { login: account.login, password: account.password },
    })
    const { status, json, headers } = await rest('POST', '/verify-otp-login', {
      body: {
        user_id: account.userId,
        code: oathtoolCode({ secret: account.secret, offsetSeconds: 30 }),
      },
      headers: { cookie: cookiesFrom(first.headers) },
    })
    expect([status, typeof json.user.token]).toEqual([200, 'string'])
    expect(headers.getSetCookie().join()).toContain('payload-token=')
  })

  it('should refuse to finish a sign-in from a browser without the ticket', async () => {
    const account = await withAuthenticator()
    await rest('POST', '/login', { body: { login: account.login, password: account.password } })
    const { status } = await rest('POST', '/verify-otp-login', {
      body: {
        user_id: account.userId,
        code: oathtoolCode({ secret: account.secret, offsetSeconds: 30 }),
      },
    })
    expect(status).toBe(410)
  })

  it('should turn off only with a valid code', async () => {
    const account = await withAuthenticator()
    const wrong = await rest('POST', '/unplug-google', {
      token: account.token,
      body: { code: '000000' },
    })
    const right = await rest('POST', '/unplug-google', {
      token: account.token,
      body: { code: oathtoolCode({ secret: account.secret, offsetSeconds: 30 }) },
    })
    const user = await payload.findByID({ collection: 'users', id: account.userId })
    expect([wrong.status, right.status, user.twoFactor]).toEqual([422, 200, 'none'])
  })
})

describe('PGP', () => {
  it('should refuse a malformed key', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const { status, json } = await rest('POST', '/get-message', {
      token,
      body: { public_key: 'not a key' },
      headers: english,
    })
    expect([status, json.errors.public_key[0]]).toEqual([422, 'Invalid PGP public key format'])
  })

  it('should refuse a private key', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const keys = await generatePgpKeyPair(account.email)
    const { json } = await rest('POST', '/get-message', {
      token,
      body: { public_key: keys.privateKey },
      headers: english,
    })
    expect(json.errors.public_key[0]).toBe('Invalid PGP public key format')
  })

  it('should send a challenge that names the site and ends with the code', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const keys = await generatePgpKeyPair(account.email)
    const { json } = await rest('POST', '/get-message', {
      token,
      body: { public_key: keys.publicKey },
    })
    const { text, code } = await decryptChallenge({
      message: json.message,
      privateKey: keys.privateKey,
    })
    expect(text).toContain('Obzor')
    expect(code).toMatch(/^[A-Z0-9]{6,}$/)
  })

  it('should turn PGP sign-in on once the challenge is decrypted', async () => {
    const account = await withPgp()
    const user = await payload.findByID({ collection: 'users', id: account.userId })
    expect([user.twoFactor, user.pgpPublicKey?.includes('PUBLIC KEY')]).toEqual(['pgp', true])
  })

  it('should never replace a key once set', async () => {
    const account = await withPgp()
    const other = await generatePgpKeyPair(account.email)
    const { status } = await rest('POST', '/get-message', {
      token: account.token,
      body: { public_key: other.publicKey },
    })
    expect(status).toBe(409)
  })

  it('should sign in with the code decrypted from the login challenge', async () => {
    const account = await withPgp()
    const first = await rest('POST', '/login', {
      body: { login: account.login, password: account.password },
    })
    const { code } = await decryptChallenge({
      message: first.json.message,
      privateKey: account.privateKey,
    })
    const { status, json } = await rest('POST', '/login-pgp', {
      body: { message: code, login: account.login, password: account.password },
    })
    expect([first.json.auth, status, typeof json.user.token]).toEqual(['pgp', 200, 'string'])
  })

  it('should not accept a challenge code twice', async () => {
    const account = await withPgp()
    const first = await rest('POST', '/login', {
      body: { login: account.login, password: account.password },
    })
    const { code } = await decryptChallenge({
      message: first.json.message,
      privateKey: account.privateKey,
    })
    const body = { message: code, login: account.login, password: account.password }
    await rest('POST', '/login-pgp', { body })
    const again = await rest('POST', '/login-pgp', { body })
    expect(again.status).toBe(410)
  })

  it('should end a challenge after five wrong codes', async () => {
    const account = await withPgp()
    const first = await rest('POST', '/login', {
      body: { login: account.login, password: account.password },
    })
    const { code } = await decryptChallenge({
      message: first.json.message,
      privateKey: account.privateKey,
    })
    const wrong = { message: 'WRONGCODE', login: account.login, password: account.password }
    for (let attempt = 0; attempt < 5; attempt += 1)
      await rest('POST', '/login-pgp', { body: wrong })
    const { status } = await rest('POST', '/login-pgp', {
      body: { message: code, login: account.login, password: account.password },
    })
    expect(status).toBe(410)
  })

  it('should refuse an expired challenge', async () => {
    const account = await withPgp()
    const first = await rest('POST', '/login', {
      body: { login: account.login, password: account.password },
    })
    const { code } = await decryptChallenge({
      message: first.json.message,
      privateKey: account.privateKey,
    })
    await payload.update({
      collection: 'auth-challenges',
      where: { user: { equals: account.userId } },
      data: { expiresAt: new Date(Date.now() - 1000).toISOString() },
    })
    const { status } = await rest('POST', '/login-pgp', {
      body: { message: code, login: account.login, password: account.password },
    })
    expect(status).toBe(410)
  })

  it('should turn PGP sign-in off after a fresh challenge is decrypted', async () => {
    const account = await withPgp()
    const { json } = await rest('POST', '/get-message-pgp-confirm', { token: account.token })
    const { code } = await decryptChallenge({
      message: json.message,
      privateKey: account.privateKey,
    })
    const { status } = await rest('POST', '/unplug-pgp', { token: account.token, body: { code } })
    const user = await payload.findByID({ collection: 'users', id: account.userId })
    expect([status, user.twoFactor]).toEqual([200, 'none'])
  })

  it("should keep Payload's own login from skipping the second factor", async () => {
    const account = await withPgp()
    const { status, json } = await rest('POST', '/users/login', {
      body: { username: account.login, password: account.password },
    })
    expect([status, json.token]).toEqual([403, undefined])
  })

  it('should not hand out a token for the password alone', async () => {
    const account = await withPgp()
    const { status } = await rest('POST', '/get-token', {
      body: { email: account.email, password: account.password },
    })
    expect(status).toBe(403)
  })
})
