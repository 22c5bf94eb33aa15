import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { RATE_LIMITS } from '@/lib/limits'
import { PEER_ADDRESS_HEADER } from '@/lib/peerAddress'
import { postgresOf } from '@/server/sql/run'

import {
  buildRegistration,
  codeFrom,
  createVerifiedAccount,
  signInToken,
} from '../helpers/accounts'
import { waitForMail } from '../helpers/mailbox'
import { releasePayload, startPayload } from '../helpers/payload'
import { rest } from '../helpers/restClient'

let payload: Payload

beforeAll(async () => {
  payload = await startPayload()
})

afterAll(releasePayload)

const english = { 'Accept-Language': 'en' }

describe('registration', () => {
  it('should create an unverified account and mail it a code', async () => {
    const body = buildRegistration()
    const { status, json } = await rest('POST', '/register-user', { body })
    const user = await payload.findByID({ collection: 'users', id: json.user_id })
    const mail = await waitForMail({ to: body.email })
    expect([status, json.status, user.status, codeFrom(mail.text).length]).toEqual([
      200,
      200,
      'unverified',
      6,
    ])
  })

  it('should verify the account with the emailed code', async () => {
    const body = buildRegistration()
    const { json } = await rest('POST', '/register-user', { body })
    const mail = await waitForMail({ to: body.email })
    const answer = await rest('POST', '/verify-otp', {
      body: { user_id: json.user_id, code: codeFrom(mail.text) },
    })
    const user = await payload.findByID({ collection: 'users', id: json.user_id })
    expect([answer.status, user.status]).toEqual([200, 'verified'])
  })

  it('should refuse a wrong code with the spec sentence', async () => {
    const body = buildRegistration()
    const { json } = await rest('POST', '/register-user', { body })
    const answer = await rest('POST', '/verify-otp', {
      body: { user_id: json.user_id, code: '000000' },
      headers: english,
    })
    expect([answer.status, answer.json.errors.code[0]]).toEqual([422, 'OTP code is incorrect'])
  })

  it('should not accept the same code twice', async () => {
    const account = buildRegistration()
    const { json } = await rest('POST', '/register-user', { body: account })
    const code = codeFrom((await waitForMail({ to: account.email })).text)
    await rest('POST', '/verify-otp', { body: { user_id: json.user_id, code } })
    const again = await rest('POST', '/verify-otp', { body: { user_id: json.user_id, code } })
    expect(again.status).toBe(422)
  })

  it.each([
    ['email', 'The email has already been taken.'],
    ['login', 'The login has already been taken.'],
    ['display_name', 'The display name has already been taken.'],
  ])('should refuse a taken %s', async (field, message) => {
    const first = buildRegistration()
    await rest('POST', '/register-user', { body: first })
    const second = buildRegistration({ [field]: first[field as keyof typeof first] })
    const { status, json } = await rest('POST', '/register-user', {
      body: second,
      headers: english,
    })
    expect([status, json.errors[field][0]]).toEqual([422, message])
  })

  it('should refuse a password of fewer than 6 characters', async () => {
    const body = buildRegistration({ password: 'abc12', password_confirmation: 'abc12' })
    const { status, json } = await rest('POST', '/register-user', { body, headers: english })
    expect([status, json.errors.password[0]]).toEqual([
      422,
      'Password must be more than 6 characters.',
    ])
  })

  it('should refuse passwords that do not match', async () => {
    const body = buildRegistration({ password_confirmation: 'different-pass' })
    const { json } = await rest('POST', '/register-user', { body, headers: english })
    expect(json.errors.password_confirmation[0]).toBe('The passwords do not match.')
  })

  it('should answer in Russian by default', async () => {
    const body = buildRegistration({ password: 'abc', password_confirmation: 'abc' })
    const { json } = await rest('POST', '/register-user', { body })
    expect(json.errors.password[0]).toBe('Пароль должен быть длиннее 6 символов.')
  })

  it('should change nothing when the input is refused', async () => {
    const body = buildRegistration({ password: 'abc', password_confirmation: 'abc' })
    await rest('POST', '/register-user', { body })
    const { totalDocs } = await payload.count({
      collection: 'users',
      where: { email: { equals: body.email } },
    })
    expect(totalDocs).toBe(0)
  })
})

describe('reCAPTCHA', () => {
  let server: Server
  const seen: string[] = []

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        seen.push(body)
        const token = new URLSearchParams(body).get('response')
        response.writeHead(200, { 'Content-Type': 'application/json' })
        response.end(JSON.stringify({ success: token === 'good-token' }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    process.env.RECAPTCHA_SECRET_KEY = 'test-secret'
    process.env.RECAPTCHA_VERIFY_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`
  })

  afterAll(async () => {
    delete process.env.RECAPTCHA_SECRET_KEY
    delete process.env.RECAPTCHA_VERIFY_URL
    await new Promise((resolve) => server.close(resolve))
  })

  it('should refuse a registration whose reCAPTCHA the verify service rejects', async () => {
    const { status, json } = await rest('POST', '/register-user', {
      body: { ...buildRegistration(), captcha: 'bad-token' },
      headers: english,
    })
    expect([status, json.errors.captcha[0]]).toEqual([422, 'Please complete the reCAPTCHA.'])
  })

  it('should refuse a registration without a reCAPTCHA answer', async () => {
    const { json } = await rest('POST', '/register-user', {
      body: buildRegistration(),
      headers: english,
    })
    expect(json.errors.captcha[0]).toBe('Please complete the reCAPTCHA.')
  })

  it('should accept a registration the verify service confirms, sending it the secret', async () => {
    const { status } = await rest('POST', '/register-user', {
      body: { ...buildRegistration(), captcha: 'good-token' },
    })
    expect([status, seen.at(-1)]).toEqual([200, expect.stringContaining('secret=test-secret')])
  })
})

describe('login', () => {
  it('should sign in without a second step and hand out a token and a session cookie', async () => {
    const account = await createVerifiedAccount()
    const { status, json, headers } = await rest('POST', '/login', {
      body: { login: account.login, password: account.password },
    })
    expect([status, json.auth, json.user_id, typeof json.user.token]).toEqual([
      200,
      null,
      account.userId,
      'string',
    ])
    expect(headers.getSetCookie().join()).toContain('payload-token=')
  })

  it('should accept the email in place of the login', async () => {
    const account = await createVerifiedAccount()
    const { json } = await rest('POST', '/login', {
      body: { login: account.email, password: account.password },
    })
    expect(json.user.login).toBe(account.login)
  })

  it('should refuse a wrong password with the spec sentence', async () => {
    const account = await createVerifiedAccount()
    const { status, json } = await rest('POST', '/login', {
      body: { login: account.login, password: 'wrong-password' },
      headers: english,
    })
    expect([status, json.errors.login[0]]).toEqual([422, 'Wrong username or password.'])
  })

  it('should keep an unconfirmed account out until its email is confirmed', async () => {
    const body = buildRegistration()
    await rest('POST', '/register-user', { body })
    const { status, json } = await rest('POST', '/login', {
      body: { login: body.login, password: body.password },
    })
    expect([status, json.code]).toEqual([403, 'email-not-verified'])
  })

  it("should keep an unconfirmed account out of Payload's own login too", async () => {
    const body = buildRegistration()
    await rest('POST', '/register-user', { body })
    const { status } = await rest('POST', '/users/login', {
      body: { username: body.login, password: body.password },
    })
    expect(status).toBe(403)
  })

  it('should answer 402 to a blocked account', async () => {
    const account = await createVerifiedAccount()
    await payload.update({ collection: 'users', id: account.userId, data: { blocked: true } })
    const { status, json } = await rest('POST', '/login', {
      body: { login: account.login, password: account.password },
      headers: english,
    })
    expect([status, json.message]).toEqual([402, 'You are blocked.'])
  })

  it('should end the sessions of an account when it is blocked', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    await payload.update({ collection: 'users', id: account.userId, data: { blocked: true } })
    const { status, json } = await rest('GET', '/get-user-by-id', { token, headers: english })
    expect([status, json.message]).toEqual([402, 'You are blocked.'])
  })

  it('should stop one address that tries many accounts', async () => {
    const address = { [PEER_ADDRESS_HEADER]: '198.51.100.7' }
    const statuses: number[] = []
    for (let attempt = 0; attempt < RATE_LIMITS.loginPerAddress.points + 1; attempt += 1) {
      const { status } = await rest('POST', '/login', {
        body: { login: `nobody${attempt}`, password: 'guess-guess' },
        headers: address,
      })
      statuses.push(status)
    }
    expect([statuses[0], statuses.at(-1)]).toEqual([422, 429])
  })

  it('should keep attempt counts in Postgres, where a restart or another instance sees them', async () => {
    await rest('POST', '/login', {
      body: { login: 'nobody', password: 'guess-guess' },
      headers: { [PEER_ADDRESS_HEADER]: '198.51.100.8' },
    })
    const { rows } = await postgresOf(payload).drizzle.execute(
      sql`select points from rate_limits where key = 'loginPerAddress:198.51.100.8'`,
    )
    expect(rows).toEqual([{ points: 1 }])
  })

  it('should never lock out a person who signs in often: a success forgets the account’s tries', async () => {
    const account = await createVerifiedAccount()
    const statuses: number[] = []
    for (let attempt = 0; attempt < RATE_LIMITS.loginPerAccount.points + 2; attempt += 1) {
      const { status } = await rest('POST', '/login', {
        body: { login: account.login, password: account.password },
        headers: { [PEER_ADDRESS_HEADER]: `198.51.100.${20 + attempt}` },
      })
      statuses.push(status)
    }
    expect(new Set(statuses)).toEqual(new Set([200]))
  })

  it('should lock an account after repeated wrong passwords', async () => {
    const account = await createVerifiedAccount()
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await rest('POST', '/login', { body: { login: account.login, password: 'nope-nope' } })
    }
    const { status } = await rest('POST', '/login', {
      body: { login: account.login, password: account.password },
    })
    expect(status).toBe(429)
  })
})

describe('get-token', () => {
  it('should hand an API client a token for email and password', async () => {
    const account = await createVerifiedAccount()
    const { json } = await rest('POST', '/get-token', {
      body: { email: account.email, password: account.password },
    })
    const me = await rest('GET', '/get-user-by-id', { token: json.token })
    expect([json.status, me.json.user.id]).toEqual([200, account.userId])
  })
})

describe('password recovery', () => {
  it('should mail a reset link that sets a new password once', async () => {
    const account = await createVerifiedAccount()
    await rest('POST', '/forget-password', { body: { email: account.email } })
    const mail = await waitForMail({ to: account.email })
    const token = mail.html.match(/password-reset\/([\w-]+)/)?.[1] ?? ''
    const body = { token, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }
    const first = await rest('POST', '/reset-password', { body })
    const second = await rest('POST', '/reset-password', { body })
    const signIn = await rest('POST', '/login', {
      body: { login: account.login, password: 'brand-new-pass' },
    })
    expect([first.status, second.status, signIn.status]).toEqual([200, 422, 200])
  })

  it('should reset the password of an account with a second factor, which still asks for it', async () => {
    const account = await createVerifiedAccount()
    await payload.update({
      collection: 'users',
      id: account.userId,
      data: { twoFactor: 'totp', totpSecret: 'JBSWY3DPEHPK3PXP' },
      overrideAccess: true,
    })
    await rest('POST', '/forget-password', { body: { email: account.email } })
    const mail = await waitForMail({ to: account.email })
    const token = mail.html.match(/password-reset\/([\w-]+)/)?.[1] ?? ''
    const body = { token, password: 'second-new-pass', password_confirmation: 'second-new-pass' }
    const reset = await rest('POST', '/reset-password', { body })
    expect(reset.status, JSON.stringify(reset.json)).toBe(200)
    // Payload's own door would hand out a session without the second factor: it stays shut.
    const direct = await rest('POST', '/users/reset-password', {
      body: { token, password: 'third-new-pass' },
    })
    expect(direct.status).not.toBe(200)
    const signIn = await rest('POST', '/login', {
      body: { login: account.login, password: 'second-new-pass' },
    })
    expect([signIn.status, signIn.json.auth, signIn.json.user]).toEqual([200, 'google', undefined])
  })

  it('should answer alike for an address that has no account', async () => {
    const { status } = await rest('POST', '/forget-password', {
      body: { email: 'nobody@example.com' },
    })
    expect(status).toBe(200)
  })

  it('should refuse a made-up reset token', async () => {
    const { status, json } = await rest('POST', '/reset-password', {
      body: {
        token: 'made-up',
        password: 'brand-new-pass',
        password_confirmation: 'brand-new-pass',
      },
      headers: english,
    })
    expect([status, json.message]).toEqual([
      422,
      'This password reset link is invalid or has expired.',
    ])
  })
})

describe('change-password', () => {
  it('should refuse a wrong current password', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const form = new FormData()
    form.append('current_password', 'not-it-at-all')
    form.append('password', 'another-pass')
    form.append('password_confirmation', 'another-pass')
    const { status, json } = await rest('POST', '/change-password', {
      body: form,
      token,
      headers: english,
    })
    expect([status, json.errors.current_password[0]]).toEqual([
      422,
      'The current password is incorrect',
    ])
  })

  it('should change the password from form data', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const form = new FormData()
    form.append('current_password', account.password)
    form.append('password', 'another-pass')
    form.append('password_confirmation', 'another-pass')
    await rest('POST', '/change-password', { body: form, token })
    const { status } = await rest('POST', '/login', {
      body: { login: account.login, password: 'another-pass' },
    })
    expect(status).toBe(200)
  })

  it('should keep the session that changed it and end the others', async () => {
    const account = await createVerifiedAccount()
    const token = await signInToken(account)
    const elsewhere = await signInToken(account)
    const form = new FormData()
    form.append('current_password', account.password)
    form.append('password', 'another-pass')
    form.append('password_confirmation', 'another-pass')
    expect((await rest('POST', '/change-password', { body: form, token })).status).toBe(200)
    expect((await rest('GET', '/get-user-by-id', { token })).status).toBe(200)
    expect((await rest('GET', '/get-user-by-id', { token: elsewhere })).status).toBe(401)
  })

  it('should refuse a guest', async () => {
    const { status } = await rest('POST', '/change-password', { body: {} })
    expect(status).toBe(401)
  })
})
