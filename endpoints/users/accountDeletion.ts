import { type PayloadRequest, generateExpiredPayloadCookie } from 'payload'

import * as calls from '@/api/privacy'
import { isAdmin } from '@/lib/roles'
import { deletionBlockers } from '@/server/accountDeletion'
import { redeemBackupCode } from '@/server/accountSecurity/backupCodes'
import { clientAddress } from '@/server/clientAddress'
import { memberDeletesOwnAccount } from '@/server/hookContract'
import { consumeAttempt } from '@/server/rateLimit'
import { checkCurrentPassword, findStoredAccount } from '@hooks/users/guardAccountChanges'
import type { User } from '@payload-types'

import { appCodeHolds } from '../auth/secondFactor'
import { findChallenge, redeemCode } from '../lib/challenges'
import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, invalid } from '../lib/http'
import { verifyingOtp } from '../lib/otpVerification'

/** Whether `code` is the account's second factor now: a backup code, the authenticator's, or PGP's. */
const secondFactorHolds = async ({
  req,
  user,
  code,
  isBackupCode,
}: {
  req: PayloadRequest
  user: User
  code: string
  isBackupCode: boolean
}): Promise<'ok' | 'wrong' | 'expired'> => {
  if (isBackupCode) {
    return (await redeemBackupCode({ req, userId: user.id, code })) ? 'ok' : 'wrong'
  }
  if (user.twoFactor === 'pgp') {
    const challenge = await findChallenge({ req, userId: user.id, purpose: 'pgp-confirm' })
    if (!challenge) return 'expired'
    return (await verifyingOtp(() => redeemCode({ req, challenge, code }))) ? 'ok' : 'wrong'
  }
  return (await verifyingOtp(() => appCodeHolds({ req, userId: user.id, code }))) ? 'ok' : 'wrong'
}

/**
 * POST /delete-account {password | confirm_login, code?, backup_code?} → {deleted: true}: the
 * caller's account is deleted for good. What blocks it is answered first (an admin's own
 * account; an owner's resources or employees, 409), then the password is asked again, limited per
 * account as every password check, and the second factor where the account has one, limited per
 * address as at sign-in. The deletion itself is the users collection's (hooks/users/eraseAccount.ts),
 * as on an admin's door; the answer clears the session cookie.
 */
export const deleteAccount = defineEndpoint(calls.deleteAccount, {
  fieldNames: { confirmLogin: 'confirm_login' },
  handler: async ({ req, user, body, reply }) => {
    if (isAdmin(user)) return fail({ req, status: 409, code: 'account-delete-own-admin' })
    const { resources, employees } = await deletionBlockers({
      payload: req.payload,
      req,
      userId: user.id,
    })
    if (resources.length > 0 || employees > 0) {
      const values = { resources: resources.length, employees }
      return fail({ req, status: 409, code: 'account-has-dependents', values })
    }

    const account = await findStoredAccount({ req, id: user.id })
    if (!account) return fail({ req, status: 401, code: 'unauthorized' })
    if (user.authProvider === 'google') {
      if ((body.confirm_login ?? '').toLowerCase() !== (account.username ?? '').toLowerCase()) {
        return invalid({ req, errors: { confirm_login: ['confirm-login-mismatch'] } })
      }
    } else {
      if (!body.password) return invalid({ req, errors: { password: ['required'] } })
      const check = await checkCurrentPassword({ req, account, password: body.password })
      if (check === 'too-many') return fail({ req, status: 429, code: 'too-many-attempts' })
      if (check === 'wrong') {
        return invalid({ req, errors: { password: ['current-password-incorrect'] } })
      }
    }

    if (user.twoFactor !== 'none') {
      if (!body.code) return invalid({ req, errors: { code: ['required'] } })
      if (
        !(await consumeAttempt({ req, limit: 'secondFactorPerAddress', key: clientAddress(req) }))
      ) {
        return fail({ req, status: 429, code: 'too-many-attempts' })
      }
      const held = await secondFactorHolds({
        req,
        user,
        code: body.code,
        isBackupCode: body.backup_code === true,
      })
      if (held === 'expired')
        return fail({ req, status: 410, code: 'challenge-expired', field: 'code' })
      if (held === 'wrong') return fail({ req, status: 422, code: 'otp-incorrect', field: 'code' })
    }

    memberDeletesOwnAccount.set(req)
    // Resources or employees taken on since the check are refused by the hook, as on every door.
    await req.payload.delete({ collection: 'users', id: user.id, overrideAccess: true, req })
    const expired = generateExpiredPayloadCookie({
      collectionAuthConfig: req.payload.collections.users.config.auth,
      cookiePrefix: req.payload.config.cookiePrefix,
    })
    return reply({ deleted: true }, { headers: { 'Set-Cookie': expired } })
  },
})
