import * as calls from '@/api/account'
import { userView } from '@/data/views/users'
import { clientAddress } from '@/server/clientAddress'
import { siteName } from '@/server/env'
import { newEmailConfirmed } from '@/server/hookContract'
import { queueEmail } from '@/server/mailQueue'
import { consumeAttempt } from '@/server/rateLimit'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { checkCurrentPassword, findStoredAccount } from '@hooks/users/guardAccountChanges'

import { findChallenge, numericCode, openChallenge, redeemCode } from '../lib/challenges'
import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'
import { verifyingOtp } from '../lib/otpVerification'

/**
 * POST /change-email {email, current_password}: mails a code to the new address; the email
 * changes only when that code comes back (/confirm-email-change), and the old address is told.
 */
export const changeEmail = defineEndpoint(calls.changeEmail, {
  handler: async ({ req, user, body, reply }) => {
    if (user.authProvider === 'google') {
      return fail({ req, status: 409, code: 'account-uses-google' })
    }
    if (!(await consumeAttempt({ req, limit: 'emailPerAddress', key: clientAddress(req) }))) {
      return fail({ req, status: 429, code: 'too-many-attempts' })
    }
    const email = body.email.toLowerCase()
    if (email === user.email) return invalid({ req, errors: { email: ['email-unchanged'] } })
    const account = await findStoredAccount({ req, id: user.id })
    if (!account) return fail({ req, status: 401, code: 'unauthorized' })
    const check = await checkCurrentPassword({ req, account, password: body.current_password })
    if (check === 'too-many') return fail({ req, status: 429, code: 'too-many-attempts' })
    if (check === 'wrong') {
      return invalid({ req, errors: { current_password: ['current-password-incorrect'] } })
    }
    const { totalDocs } = await req.payload.count({
      collection: 'users',
      where: { email: { equals: email } },
      req,
    })
    if (totalDocs) return invalid({ req, errors: { email: ['email-taken'] } })
    const code = numericCode()
    await openChallenge({
      req,
      userId: user.id,
      purpose: 'email-change',
      method: 'email',
      code,
      email,
    })
    const locale = messageLocale(req)
    await queueEmail({
      req,
      message: {
        to: email,
        subject: serverMessage({
          locale,
          key: 'emails.email-change-subject',
          values: { site: siteName },
        }),
        text: serverMessage({ locale, key: 'emails.email-change-body', values: { code } }),
      },
    })
    return reply({ email })
  },
})

/** POST /confirm-email-change {code}: the code mailed to the new address makes it the account's. */
export const confirmEmailChange = defineEndpoint(calls.confirmEmailChange, {
  handler: async ({ req, user, body, reply }) => {
    if (
      !(await consumeAttempt({ req, limit: 'secondFactorPerAddress', key: clientAddress(req) }))
    ) {
      return fail({ req, status: 429, code: 'too-many-attempts' })
    }
    const challenge = await findChallenge({ req, userId: user.id, purpose: 'email-change' })
    if (
      !challenge?.email ||
      !(await verifyingOtp(() => redeemCode({ req, challenge, code: body.code })))
    ) {
      return fail({ req, status: 422, code: 'otp-incorrect', field: 'code' })
    }
    const { totalDocs } = await req.payload.count({
      collection: 'users',
      where: { email: { equals: challenge.email } },
      req,
    })
    if (totalDocs) return fail({ req, status: 422, code: 'email-taken', field: 'email' })
    newEmailConfirmed.set(req)
    const updated = await req.payload.update({
      collection: 'users',
      id: user.id,
      data: { email: challenge.email },
      overrideAccess: false,
      user,
      depth: 1,
      req,
    })
    return reply({ user: userView(updated) })
  },
})
