import { z } from 'zod'

import { PASSWORD_STEP_CONTEXT } from '@hooks/users/guardLogin'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, ok } from '../lib/http'
import { clientAddress, consumeAttempt } from '../lib/rateLimit'
import { revokeToken } from '../lib/session'

import { emailField, newPassword } from './fields'

/**
 * POST /forget-password {email}: mails a single-use link to /password-reset/{token}, valid for an
 * hour. The answer is the same whether or not the address has an account.
 */
export const forgetPassword = defineEndpoint({
  path: '/forget-password',
  method: 'post',
  auth: 'anyone',
  summary: 'Email a single-use password reset link',
  body: z.object({ email: emailField }),
  handler: async ({ req, body }) => {
    if (!(await consumeAttempt({ req, limit: 'emailPerAddress', key: clientAddress(req) }))) {
      return fail({ req, status: 429, code: 'too-many-attempts' })
    }
    await req.payload.forgotPassword({
      collection: 'users',
      data: { email: body.email.toLowerCase() },
      req,
    })
    return ok()
  },
})

/** POST /reset-password {token, password, password_confirmation}. */
export const resetPassword = defineEndpoint({
  path: '/reset-password',
  method: 'post',
  auth: 'anyone',
  summary: 'Set a new password with the emailed token',
  body: newPassword({ token: z.string().trim().min(1, 'reset-link-invalid') }),
  handler: async ({ req, body }) => {
    try {
      await req.payload.resetPassword({
        collection: 'users',
        data: { token: body.token, password: body.password },
        overrideAccess: true,
        req,
      })
    } catch {
      return fail({ req, status: 422, code: 'reset-link-invalid', field: 'token' })
    }
    return ok()
  },
})

/** POST /change-password (form data) {current_password, password, password_confirmation}. */
export const changePassword = defineEndpoint({
  path: '/change-password',
  method: 'post',
  auth: 'signedIn',
  summary: 'Change the password (form data); the other sessions end',
  body: newPassword({ current_password: z.string().min(1, 'required') }),
  form: true,
  handler: async ({ req, user, body }) => {
    req.context[PASSWORD_STEP_CONTEXT] = true
    // Payload's login checks the password (counting failures toward the lock) but also makes its
    // new session the request's: put the caller's back, so the update below keeps that session.
    const caller = req.user
    try {
      const check = await req.payload.login({
        collection: 'users',
        data: { email: user.email, password: body.current_password },
        req,
      })
      if (check.token) await revokeToken({ req, token: check.token })
    } catch {
      return fail({
        req,
        status: 422,
        code: 'current-password-incorrect',
        field: 'current_password',
      })
    } finally {
      req.user = caller
    }
    await req.payload.update({
      collection: 'users',
      id: user.id,
      data: { password: body.password },
      req,
    })
    return ok()
  },
})
