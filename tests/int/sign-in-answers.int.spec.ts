import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { runSql } from '@/server/sql/run'

import en from '../../messages/en.json'
import ru from '../../messages/ru.json'
import {
  buildRegistration,
  codeFrom,
  cookiesFrom,
  createVerifiedAccount,
  signInToken,
} from '../helpers/accounts'
import { waitForMail } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'
import { decryptChallenge, generatePgpKeyPair, oathtoolCode } from '../helpers/secondFactor'

/**
 * What the sign-in calls answer (spec §3, §8): every finished sign-in says so in `message`, and a
 * code's check that fails for the server's reason answers 'An error occurred during OTP
 * verification' in the request's language.
 */

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }
const russian = { 'Accept-Language': 'ru' }

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

/** The account's stored authenticator secret, made something the server cannot decrypt. */
const spoilSecret = (userId: number) =>
  runSql({ payload, query: sql`UPDATE users SET totp_secret = 'zz' WHERE id = ${userId}` })

describe('a finished sign-in', () => {
  it('should say so in `message` after the password alone', async () => {
    const account = await createVerifiedAccount()
    const { status, json } = await rest('POST', '/login', {
      headers: english,
      body: { login: account.login, password: account.password },
    })
    expect([status, json.auth, json.message]).toEqual([200, null, en.api['signed-in']])
  })

  it('should say so in `message` after the emailed code of a new account', async () => {
    const body = buildRegistration()
    const { json: registered } = await rest('POST', '/register-user', { body })
    const mail = await waitForMail({ to: body.email })
    const { status, json } = await rest('POST', '/verify-otp', {
      headers: russian,
      body: { user_id: registered.user_id, code: codeFrom(mail.text) },
    })
    expect([status, json.message]).toEqual([200, ru.api['signed-in']])
  })

  it("should say so in `message` after the authenticator's code with the password", async () => {
    const account = await withAuthenticator()
    await rest('POST', '/login', { body: { login: account.login, password: account.password } })
    const { status, json } = await rest('POST', '/login-google', {
      headers: english,
      body: {
        message: oathtoolCode({ secret: account.secret, offsetSeconds: 30 }),
        login: account.login,
        password: account.password,
      },
    })
    expect([status, json.message]).toEqual([200, en.api['signed-in']])
  })

  it("should say so in `message` after the browser's second step", async () => {
    const account = await withAuthenticator()
    const first = await rest('POST', '/login', {
      body: { login: account.login, password: account.password },
    })
    const { status, json } = await rest('POST', '/verify-otp-login', {
      headers: { ...english, cookie: cookiesFrom(first.headers) },
      body: {
        user_id: account.userId,
        code: oathtoolCode({ secret: account.secret, offsetSeconds: 30 }),
      },
    })
    expect([status, json.message]).toEqual([200, en.api['signed-in']])
  })

  it('should say so in `message` after the PGP challenge', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const keys = await generatePgpKeyPair(account.email)
    const setup = await rest('POST', '/get-message', {
      token,
      body: { public_key: keys.publicKey },
    })
    const proof = await decryptChallenge({
      message: setup.json.message,
      privateKey: keys.privateKey,
    })
    await rest('POST', '/check-update-pgp', {
      token,
      body: { public_key: keys.publicKey, code: proof.code },
    })
    const first = await rest('POST', '/login', {
      body: { login: account.login, password: account.password },
    })
    const { code } = await decryptChallenge({
      message: first.json.message,
      privateKey: keys.privateKey,
    })
    const { status, json } = await rest('POST', '/login-pgp', {
      headers: english,
      body: { message: code, login: account.login, password: account.password },
    })
    expect([status, json.message]).toEqual([200, en.api['signed-in']])
  })
})

describe('a failure while a code is checked', () => {
  it('should answer the second step with the password "An error occurred during OTP verification"', async () => {
    const account = await withAuthenticator()
    await rest('POST', '/login', { body: { login: account.login, password: account.password } })
    await spoilSecret(account.userId)
    const { status, json } = await rest('POST', '/login-google', {
      headers: english,
      body: {
        message: oathtoolCode({ secret: account.secret, offsetSeconds: 30 }),
        login: account.login,
        password: account.password,
      },
    })
    expect([status, json.code, json.message]).toEqual([
      500,
      'otp-error',
      'An error occurred during OTP verification',
    ])
  })

  it("should answer the browser's second step so in Russian", async () => {
    const account = await withAuthenticator()
    const first = await rest('POST', '/login', {
      body: { login: account.login, password: account.password },
    })
    await spoilSecret(account.userId)
    const { status, json } = await rest('POST', '/verify-otp-login', {
      headers: { ...russian, cookie: cookiesFrom(first.headers) },
      body: {
        user_id: account.userId,
        code: oathtoolCode({ secret: account.secret, offsetSeconds: 30 }),
      },
    })
    expect([status, json.message]).toEqual([500, ru.api['otp-error']])
  })

  it('should answer turning the authenticator off so', async () => {
    const account = await withAuthenticator()
    await spoilSecret(account.userId)
    const { status, json } = await rest('POST', '/unplug-google', {
      token: account.token,
      headers: english,
      body: { code: oathtoolCode({ secret: account.secret, offsetSeconds: 30 }) },
    })
    expect([status, json.message]).toEqual([500, en.api['otp-error']])
  })

  it('should leave a wrong code its own answer', async () => {
    const account = await withAuthenticator()
    await rest('POST', '/login', { body: { login: account.login, password: account.password } })
    const { status, json } = await rest('POST', '/login-google', {
      headers: english,
      body: { message: '000000', login: account.login, password: account.password },
    })
    expect([status, json.message]).toEqual([422, en.api['otp-incorrect']])
  })
})
