import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { codeField, recordId } from '@/api/fields'
import { clientAddress } from '@/server/clientAddress'
import { consumeAttempt } from '@/server/rateLimit'
import type { User } from '@payload-types'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, ok } from '../lib/http'
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

const credentials = {
  login: z.string().trim().min(1, 'required'),
  password: z.string().min(1, 'required'),
}

const unverified = (req: PayloadRequest, user: User) =>
  fail({ req, status: 403, code: 'email-not-verified', extra: { user_id: user.id } })

/** POST /login {login, password}: signed in, or told which second step comes next. */
export const login = defineEndpoint({
  path: '/login',
  method: 'post',
  auth: 'anyone',
  summary: 'Sign in; answers auth "pgp" or "google" when a second step is needed',
  answer: '{auth, message, user_id, user?: {token, ...}}',
  body: z.object(credentials),
  handler: async ({ req, body }) => {
    const outcome = await passwordLogin({ req, ...body })
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
})

const secondStepBody = z.object({ message: codeField, ...credentials })

/** The second step for API clients: the code with the login and password again. */
const secondStepWithPassword = ({
  path,
  method,
  summary,
}: {
  path: `/${string}`
  method: 'pgp' | 'totp'
  summary: string
}) =>
  defineEndpoint({
    path,
    method: 'post',
    auth: 'anyone',
    summary,
    answer: '{auth: null, user_id, user: {token, ...}}',
    body: secondStepBody,
    handler: async ({ req, body }) => {
      const { message: code, ...credentialsGiven } = body
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
    },
  })

export const loginPgp = secondStepWithPassword({
  path: '/login-pgp',
  method: 'pgp',
  summary: 'Second step: the decrypted PGP code with login and password',
})

export const loginGoogle = secondStepWithPassword({
  path: '/login-google',
  method: 'totp',
  summary: 'Second step: the authenticator code with login and password',
})

/**
 * POST /verify-otp-login {user_id, code}: the browser's second step. It never sends the password
 * again; the pending sign-in is tied to it by the httpOnly ticket cookie set at /login.
 */
export const verifyOtpLogin = defineEndpoint({
  path: '/verify-otp-login',
  method: 'post',
  auth: 'anyone',
  summary: 'Second step for the browser that started the sign-in (login-ticket cookie)',
  answer: '{auth: null, user_id, user: {token, ...}}',
  body: z.object({ user_id: recordId, code: codeField }),
  handler: async ({ req, body }) => {
    if (
      !(await consumeAttempt({ req, limit: 'secondFactorPerAddress', key: clientAddress(req) }))
    ) {
      return fail({ req, status: 429, code: 'too-many-attempts' })
    }
    const { user_id: userId, code } = body
    const challenge = await pendingLogin({ req, userId, ticket: readTicket(req) })
    if (!challenge) return fail({ req, status: 410, code: 'challenge-expired', field: 'code' })
    const user = await req.payload.findByID({
      collection: 'users',
      id: userId,
      depth: 0,
      req,
      disableErrors: true,
    })
    if (!user) return fail({ req, status: 410, code: 'challenge-expired', field: 'code' })
    if (user.blocked) return fail({ req, status: 402, code: 'blocked' })
    if (!(await checkSecondFactor({ req, user, challenge, code }))) {
      return fail({ req, status: 422, code: 'otp-incorrect', field: 'code' })
    }
    return finishWithNewSession({ req, user })
  },
})

/** GET /get-message-pgp-user?user_id=: the pending sign-in's PGP message, shown again. */
export const getMessagePgpUser = defineEndpoint({
  path: '/get-message-pgp-user',
  method: 'get',
  auth: 'anyone',
  summary: "The pending sign-in's PGP message again",
  answer: '{message, user_id}',
  query: z.object({ user_id: recordId }),
  handler: async ({ req, query }) => {
    const userId = query.user_id
    const challenge = await pendingLogin({ req, userId, ticket: readTicket(req) })
    if (!challenge || challenge.method !== 'pgp' || !challenge.message) {
      return fail({ req, status: 410, code: 'challenge-expired' })
    }
    return ok({ message: challenge.message, user_id: userId })
  },
})
