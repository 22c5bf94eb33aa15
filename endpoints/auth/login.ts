import type { PayloadRequest } from 'payload'

import * as calls from '@/api/auth'
import { redeemBackupCode } from '@/server/accountSecurity/backupCodes'
import { recordSecurityEvent } from '@/server/accountSecurity/events'
import { clientAddress } from '@/server/clientAddress'
import { consumeAttempt } from '@/server/rateLimit'
import type { User } from '@payload-types'

import { countWrongCode, spendChallenge } from '../lib/challenges'
import { blockedAnswer } from '../lib/currentUser'
import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'
import { verifyingOtp } from '../lib/otpVerification'
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

const unverified = (req: PayloadRequest, user: User) =>
  fail({ req, status: 403, code: 'email-not-verified', extra: { user_id: user.id } })

/** POST /login {login, password}: signed in, or told which second step comes next. */
export const login = defineEndpoint(calls.login, {
  handler: async ({ req, body, reply }) => {
    const outcome = await passwordLogin({ req, ...body })
    if (outcome.failure) return outcome.failure
    const { user, token } = outcome
    if (user.status !== 'verified') {
      await revokeToken({ req, token })
      return unverified(req, user)
    }
    if (user.twoFactor === 'none') {
      return signedIn({ req, user, token, cookie: sessionCookie({ req, token }), reply })
    }
    return askForSecondFactor({ req, user, token, reply })
  },
})

/** The second step for API clients: the code with the login and password again. */
const secondStepWithPassword = ({
  call,
  method,
}: {
  call: typeof calls.loginPgp | typeof calls.loginGoogle
  method: 'pgp' | 'totp'
}) =>
  defineEndpoint(call, {
    handler: async ({ req, body, reply }) => {
      const { message: code, ...credentialsGiven } = body
      const outcome = await passwordLogin({ req, ...credentialsGiven })
      if (outcome.failure) return outcome.failure
      const { user, token } = outcome
      const challenge = await pendingLogin({ req, userId: user.id })
      if (!challenge || challenge.method !== method) {
        await revokeToken({ req, token })
        return fail({ req, status: 410, code: 'challenge-expired', field: 'message' })
      }
      if (!(await verifyingOtp(() => checkSecondFactor({ req, user, challenge, code })))) {
        await revokeToken({ req, token })
        await recordSecurityEvent({
          req,
          userId: user.id,
          kind: 'second-factor-failed',
          detail: method === 'totp' ? 'google' : 'pgp',
        })
        return fail({ req, status: 422, code: 'otp-incorrect', field: 'message' })
      }
      return signedIn({ req, user, token, cookie: sessionCookie({ req, token }), reply })
    },
  })

export const loginPgp = secondStepWithPassword({ call: calls.loginPgp, method: 'pgp' })

export const loginGoogle = secondStepWithPassword({ call: calls.loginGoogle, method: 'totp' })

/**
 * A backup code in place of the second factor: the pending sign-in's challenge is spent with it,
 * and a wrong code counts against the challenge's attempts as a wrong second factor does.
 */
const checkBackupCode = async ({
  req,
  user,
  challenge,
  code,
}: {
  req: PayloadRequest
  user: User
  challenge: NonNullable<Awaited<ReturnType<typeof pendingLogin>>>
  code: string
}) => {
  if (!(await redeemBackupCode({ req, userId: user.id, code }))) {
    await countWrongCode({ req, challenge })
    return false
  }
  return spendChallenge({ req, id: challenge.id })
}

/**
 * POST /verify-otp-login {user_id, code, backup_code?}: the browser's second step, with the
 * second factor's code or (`backup_code: true`) a backup code; both under the same limits. It
 * never sends the password again; the pending sign-in is tied to it by the httpOnly ticket
 * cookie set at /login.
 */
export const verifyOtpLogin = defineEndpoint(calls.verifyOtpLogin, {
  handler: async ({ req, body, reply }) => {
    if (
      !(await consumeAttempt({ req, limit: 'secondFactorPerAddress', key: clientAddress(req) }))
    ) {
      return fail({ req, status: 429, code: 'too-many-attempts' })
    }
    const { user_id: userId, code, backup_code: isBackupCode } = body
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
    if (user.blocked) return blockedAnswer({ req, account: user })
    const passed = await verifyingOtp(() =>
      isBackupCode
        ? checkBackupCode({ req, user, challenge, code })
        : checkSecondFactor({ req, user, challenge, code }),
    )
    if (!passed) {
      await recordSecurityEvent({
        req,
        userId: user.id,
        kind: 'second-factor-failed',
        detail: isBackupCode ? 'backup-code' : challenge.method === 'pgp' ? 'pgp' : 'google',
      })
      return fail({ req, status: 422, code: 'otp-incorrect', field: 'code' })
    }
    if (isBackupCode) {
      await recordSecurityEvent({ req, userId: user.id, kind: 'backup-code-used' })
    }
    return finishWithNewSession({ req, user, reply })
  },
})

/** GET /get-message-pgp-user?user_id=: the pending sign-in's PGP message, shown again. */
export const getMessagePgpUser = defineEndpoint(calls.getMessagePgpUser, {
  handler: async ({ req, query, reply }) => {
    const userId = query.user_id
    const challenge = await pendingLogin({ req, userId, ticket: readTicket(req) })
    if (!challenge || challenge.method !== 'pgp' || !challenge.message) {
      return fail({ req, status: 410, code: 'challenge-expired' })
    }
    return reply({ message: challenge.message, user_id: userId })
  },
})
