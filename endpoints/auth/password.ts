import type { Endpoint } from 'payload'
import { z } from 'zod'

import { PASSWORD_STEP_CONTEXT } from '../../hooks/users/guardLogin'
import { parseBody } from '../lib/body'
import { requireUser } from '../lib/currentUser'
import { fail, ok } from '../lib/http'
import { clientAddress, consumeAttempt } from '../lib/rateLimit'
import { revokeToken } from '../lib/session'
import { passwordRules, passwordsMatch } from './register'

export const forgetBody = z.object({
  email: z.string().trim().min(1, 'required').pipe(z.email('email-invalid')),
})

/**
 * POST /forget-password {email}: mails a single-use link to /password-reset/{token}, valid for an
 * hour. The answer is the same whether or not the address has an account.
 */
export const forgetPassword: Endpoint = {
  path: '/forget-password',
  method: 'post',
  handler: async (req) => {
    const parsed = await parseBody(req, forgetBody)
    if (parsed.failure) return parsed.failure
    if (!(await consumeAttempt({ req, limit: 'emailPerAddress', key: clientAddress(req) }))) {
      return fail({ req, status: 429, code: 'too-many-attempts' })
    }
    await req.payload.forgotPassword({
      collection: 'users',
      data: { email: parsed.data.email.toLowerCase() },
      req,
    })
    return ok()
  },
}

export const resetBody = passwordsMatch(
  z.object({ token: z.string().trim().min(1, 'reset-link-invalid'), ...passwordRules }),
)

/** POST /reset-password {token, password, password_confirmation}. */
export const resetPassword: Endpoint = {
  path: '/reset-password',
  method: 'post',
  handler: async (req) => {
    const parsed = await parseBody(req, resetBody)
    if (parsed.failure) return parsed.failure
    try {
      await req.payload.resetPassword({
        collection: 'users',
        data: { token: parsed.data.token, password: parsed.data.password },
        overrideAccess: true,
        req,
      })
    } catch {
      return fail({ req, status: 422, code: 'reset-link-invalid', field: 'token' })
    }
    return ok()
  },
}

export const changePasswordBody = passwordsMatch(
  z.object({ current_password: z.string().min(1, 'required'), ...passwordRules }),
)

/** POST /change-password (form data) {current_password, password, password_confirmation}. */
export const changePassword: Endpoint = {
  path: '/change-password',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const parsed = await parseBody(req, changePasswordBody)
    if (parsed.failure) return parsed.failure
    req.context[PASSWORD_STEP_CONTEXT] = true
    // Payload's login checks the password (counting failures toward the lock) but also makes its
    // new session the request's: put the caller's back, so the update below keeps that session.
    const caller = req.user
    try {
      const check = await req.payload.login({
        collection: 'users',
        data: { email: user.email, password: parsed.data.current_password },
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
      data: { password: parsed.data.password },
      req,
    })
    return ok()
  },
}
