import type { PayloadRequest } from 'payload'

import * as calls from '@/api/auth'
import { CONSENT_VERSION } from '@/lib/consent'
import { MEMBER_ROLE } from '@/lib/roles'
import { clientAddress } from '@/server/clientAddress'
import { siteName } from '@/server/env'
import { queueEmail } from '@/server/mailQueue'
import { hashOutsideTransaction } from '@/server/passwords'
import { consumeAttempt } from '@/server/rateLimit'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import type { User } from '@payload-types'

import { verifyCaptcha } from '../lib/captcha'
import {
  findChallenge,
  numericCode,
  openChallenge,
  redeemCode,
  spendChallenge,
} from '../lib/challenges'
import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'
import { verifyingOtp } from '../lib/otpVerification'

import { askForSecondFactor, finishWithNewSession } from './loginSteps'

/** Sends the one-time code that confirms an address. */
export const sendVerificationCode = async ({
  req,
  userId,
  email,
}: {
  req: PayloadRequest
  userId: number
  email: string
}) => {
  const code = numericCode()
  await openChallenge({ req, userId, purpose: 'email-verification', method: 'email', code })
  const locale = messageLocale(req)
  await queueEmail({
    req,
    message: {
      to: email,
      subject: serverMessage({ locale, key: 'emails.verify-subject', values: { site: siteName } }),
      text: serverMessage({ locale, key: 'emails.verify-body', values: { code } }),
    },
  })
}

/** The login, email and display name already held by another account, as the API's field errors. */
export const takenFields = async ({
  req,
  login,
  email,
  displayName,
  except,
}: {
  req: PayloadRequest
  login?: string
  email?: string
  displayName?: string
  /** The account being changed, whose own values are no clash. */
  except?: number
}) => {
  const checks = [
    ['login', 'username', login, 'login-taken'],
    ['email', 'email', email, 'email-taken'],
    ['display_name', 'displayName', displayName, 'display-name-taken'],
  ] as const
  const errors: Record<string, string[]> = {}
  for (const [field, column, value, code] of checks) {
    if (value === undefined) continue
    const { totalDocs } = await req.payload.count({
      collection: 'users',
      where: {
        and: [{ [column]: { equals: value } }, ...(except ? [{ id: { not_equals: except } }] : [])],
      },
      req,
    })
    if (totalDocs > 0) errors[field] = [code]
  }
  return errors
}

/**
 * POST /register-user: a new, unverified account and an emailed confirmation code. The schema
 * refuses a sign-up without consent to the rules and the privacy policy; the version agreed to
 * and the time are kept on the account.
 */
export const registerUser = defineEndpoint(calls.registerUser, {
  handler: async ({ req, body, reply }) => {
    const { login, email, display_name: displayName, password, captcha } = body
    if (!(await verifyCaptcha({ req, token: captcha }))) {
      return invalid({ req, errors: { captcha: ['captcha-required'] } })
    }
    if (!(await consumeAttempt({ req, limit: 'registerPerAddress', key: clientAddress(req) }))) {
      return fail({ req, status: 429, code: 'too-many-attempts' })
    }
    const normalised = { login: login.toLowerCase(), email: email.toLowerCase(), displayName }
    const taken = await takenFields({ req, ...normalised })
    if (Object.keys(taken).length) return invalid({ req, errors: taken })
    await hashOutsideTransaction(req, password)
    try {
      const user = await req.payload.create({
        collection: 'users',
        data: {
          username: normalised.login,
          email: normalised.email,
          displayName,
          password,
          role: MEMBER_ROLE,
          status: 'unverified',
          twoFactor: 'none',
          authProvider: 'email',
          locale: messageLocale(req),
          consentVersion: CONSENT_VERSION,
          consentedAt: new Date().toISOString(),
        },
        req,
      })
      await sendVerificationCode({ req, userId: user.id, email: user.email })
      return reply({ user_id: user.id })
    } catch (error) {
      // Two registrations racing for the same name: the unique index decides.
      const again = await takenFields({ req, ...normalised })
      if (Object.keys(again).length) return invalid({ req, errors: again })
      throw error
    }
  },
})

/**
 * POST /verify-otp {user_id, code}: the emailed code confirms the new account and signs it in, as
 * a password would (then the second step, if the account has one). The code is single-use, and
 * only an account still waiting for its confirmation is signed in by one: an account whose address
 * is already confirmed signs in with its password, so a code can never take one over.
 */
export const verifyOtp = defineEndpoint(calls.verifyOtp, {
  handler: async ({ req, body, reply }) => {
    if (
      !(await consumeAttempt({ req, limit: 'secondFactorPerAddress', key: clientAddress(req) }))
    ) {
      return fail({ req, status: 429, code: 'too-many-attempts' })
    }
    const { user_id: userId, code } = body
    const wrongCode = () => fail({ req, status: 422, code: 'otp-incorrect', field: 'code' })
    const challenge = await findChallenge({ req, userId, purpose: 'email-verification' })
    if (!challenge) return wrongCode()
    const account = (await req.payload.findByID({
      collection: 'users',
      id: userId,
      depth: 0,
      req,
      disableErrors: true,
    })) as User | null
    if (!account || account.status !== 'unverified') {
      // Confirmed some other way meanwhile (an admin): the code has nothing left to do.
      await spendChallenge({ req, id: challenge.id })
      return wrongCode()
    }
    if (!(await verifyingOtp(() => redeemCode({ req, challenge, code })))) return wrongCode()
    const user = (await req.payload.update({
      collection: 'users',
      id: userId,
      data: { status: 'verified' },
      depth: 0,
      req,
    })) as User
    if (user.blocked) return fail({ req, status: 402, code: 'blocked' })
    if (user.twoFactor !== 'none') return askForSecondFactor({ req, user, reply })
    return finishWithNewSession({ req, user, reply })
  },
})
