import type { PayloadRequest } from 'payload'

import * as calls from '@/api/auth'
import { siteResetsPassword } from '@/server/hookContract'
import { hashOutsideTransaction } from '@/server/passwords'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'
import { revokeToken } from '../lib/session'

/**
 * POST /forget-password {email}: mails a single-use link to /password-reset/{token}, valid for an
 * hour. The answer is the same whether or not the address has an account.
 */
export const forgetPassword = defineEndpoint(calls.forgetPassword, {
  handler: async ({ req, body, reply }) => {
    // Payload's forgotPassword spends the per-address email limit (hooks/users/guardSignInDoors).
    await req.payload.forgotPassword({
      collection: 'users',
      data: { email: body.email.toLowerCase() },
      req,
    })
    return reply({})
  },
})

/** Whether an account holds this reset token, not yet expired (as Payload's reset asks). */
const resetLinkIsLive = async (req: PayloadRequest, token: string) =>
  Boolean(
    await req.payload.db.findOne({
      collection: 'users',
      where: {
        resetPasswordToken: { equals: token },
        resetPasswordExpiration: { greater_than: new Date().toISOString() },
      },
    }),
  )

/** POST /reset-password {token, password, password_confirmation}. */
export const resetPassword = defineEndpoint(calls.resetPassword, {
  handler: async ({ req, body, reply }) => {
    let token: string | undefined
    siteResetsPassword.set(req)
    // Hashed before the reset's transaction only for a link that can still be used: nobody gets
    // 600,000 rounds of pbkdf2 out of the site for an invented token.
    if (await resetLinkIsLive(req, body.token)) await hashOutsideTransaction(req, body.password)
    try {
      ;({ token } = await req.payload.resetPassword({
        collection: 'users',
        data: { token: body.token, password: body.password },
        overrideAccess: true,
        req,
      }))
    } catch {
      return fail({ req, status: 422, code: 'reset-link-invalid', field: 'token' })
    }
    // Payload's reset opens a session whose token the site does not hand out (the person signs
    // in afresh): it is ended, so it does not show among the account's sessions.
    if (token) await revokeToken({ req, token })
    return reply({})
  },
})

/** POST /change-password (form data) {current_password, password, password_confirmation}. */
export const changePassword = defineEndpoint(calls.changePassword, {
  fieldNames: { currentPassword: 'current_password' },
  handler: async ({ req, user, body, reply }) => {
    // The collection checks the current password on every door (hooks/users/guardAccountChanges).
    await req.payload.update({
      collection: 'users',
      id: user.id,
      data: { password: body.password, currentPassword: body.current_password } as {
        password: string
      },
      req,
    })
    return reply({})
  },
})
