import type { Endpoint, PayloadRequest } from 'payload'
import { z } from 'zod'

import type { User } from '../../payload-types'
import { parseBody } from '../lib/body'
import { fail, invalid, ok } from '../lib/http'
import { clientAddress, consumeAttempt } from '../lib/rateLimit'
import { revokeToken, sessionCookie } from '../lib/session'
import {
  askForSecondFactor,
  finishWithNewSession,
  pendingLogin,
  readTicket,
  signedIn,
} from './loginSteps'
import { passwordLogin } from './passwordLogin'
import { checkSecondFactor } from './secondFactor'

export const loginBody = z.object({
  login: z.string().trim().min(1, 'required'),
  password: z.string().min(1, 'required'),
})

const unverified = (req: PayloadRequest, user: User) =>
  fail({ req, status: 403, code: 'email-not-verified', extra: { user_id: user.id } })

/** POST /login {login, password}: signed in, or told which second step comes next. */
export const login: Endpoint = {
  path: '/login',
  method: 'post',
  handler: async (req) => {
    const parsed = await parseBody(req, loginBody)
    if (parsed.failure) return parsed.failure
    const outcome = await passwordLogin({ req, ...parsed.data })
    if (outcome.failure) return outcome.failure
    const { user, token } = outcome
    if (user.status !== 'verified') {
      await revokeToken({ req, token })
      return unverified(req, user)
    }
    if (user.twoFactor === 'none') {
      return signedIn({ user, token, cookie: sessionCookie({ req, token }) })
    }
    return askForSecondFactor({ req, user, token })
  },
}

export const secondStepBody = z.object({
  message: z.string().trim().min(1, 'required'),
  login: z.string().trim().min(1, 'required'),
  password: z.string().min(1, 'required'),
})

/** The second step for API clients: the code with the login and password again. */
const withPassword =
  (method: 'pgp' | 'totp'): Endpoint['handler'] =>
  async (req) => {
    const parsed = await parseBody(req, secondStepBody)
    if (parsed.failure) return parsed.failure
    const { message: code, ...credentialsGiven } = parsed.data
    const outcome = await passwordLogin({ req, ...credentialsGiven })
    if (outcome.failure) return outcome.failure
    const { user, token } = outcome
    const challenge = await pendingLogin({ req, userId: user.id })
    if (!challenge || challenge.method !== method) {
      await revokeToken({ req, token })
      return fail({ req, status: 410, code: 'challenge-expired', field: 'message' })
    }
    if (!(await checkSecondFactor({ req, user, challenge, code }))) {
      await revokeToken({ req, token })
      return fail({ req, status: 422, code: 'otp-incorrect', field: 'message' })
    }
    return signedIn({ user, token, cookie: sessionCookie({ req, token }) })
  }

export const loginPgp: Endpoint = {
  path: '/login-pgp',
  method: 'post',
  handler: withPassword('pgp'),
}

export const loginGoogle: Endpoint = {
  path: '/login-google',
  method: 'post',
  handler: withPassword('totp'),
}

export const pendingCodeBody = z.object({
  user_id: z.coerce.number().int().positive('required'),
  code: z.string().trim().min(1, 'required'),
})

/**
 * POST /verify-otp-login {user_id, code}: the browser's second step. It never sends the password
 * again; the pending sign-in is tied to it by the httpOnly ticket cookie set at /login.
 */
export const verifyOtpLogin: Endpoint = {
  path: '/verify-otp-login',
  method: 'post',
  handler: async (req) => {
    const parsed = await parseBody(req, pendingCodeBody)
    if (parsed.failure) return parsed.failure
    if (
      !(await consumeAttempt({ req, limit: 'secondFactorPerAddress', key: clientAddress(req) }))
    ) {
      return fail({ req, status: 429, code: 'too-many-attempts' })
    }
    const { user_id: userId, code } = parsed.data
    const challenge = await pendingLogin({ req, userId, ticket: readTicket(req) })
    if (!challenge) return fail({ req, status: 410, code: 'challenge-expired', field: 'code' })
    const user = (await req.payload.findByID({
      collection: 'users',
      id: userId,
      depth: 0,
      req,
    })) as User
    if (user.blocked) return fail({ req, status: 402, code: 'blocked' })
    if (!(await checkSecondFactor({ req, user, challenge, code }))) {
      return fail({ req, status: 422, code: 'otp-incorrect', field: 'code' })
    }
    return finishWithNewSession({ req, user })
  },
}

/** GET /get-message-pgp-user?user_id=: the pending sign-in's PGP message, shown again. */
export const getMessagePgpUser: Endpoint = {
  path: '/get-message-pgp-user',
  method: 'get',
  handler: async (req) => {
    const userId = Number(req.searchParams.get('user_id'))
    if (!Number.isInteger(userId) || userId <= 0) {
      return invalid({ req, errors: { user_id: ['required'] } })
    }
    const challenge = await pendingLogin({ req, userId, ticket: readTicket(req) })
    if (!challenge || challenge.method !== 'pgp' || !challenge.message) {
      return fail({ req, status: 410, code: 'challenge-expired' })
    }
    return ok({ message: challenge.message, user_id: userId })
  },
}
