import { z } from 'zod'

import { emailField, newPassword } from '@/api/authFields'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail, ok } from '../lib/http'


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
    // Payload's forgotPassword spends the per-address email limit (hooks/users/guardSignInDoors).
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
  fieldNames: { currentPassword: 'current_password' },
  handler: async ({ req, user, body }) => {
    // The collection checks the current password on every door (hooks/users/guardAccountChanges).
    await req.payload.update({
      collection: 'users',
      id: user.id,
      data: { password: body.password, currentPassword: body.current_password } as {
        password: string
      },
      req,
    })
    return ok()
  },
})
