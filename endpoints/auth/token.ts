import type { Endpoint } from 'payload'
import { z } from 'zod'

import { parseBody } from '../lib/body'
import { fail, ok } from '../lib/http'
import { revokeToken } from '../lib/session'
import { passwordLogin } from './passwordLogin'

export const tokenBody = z.object({
  email: z.string().trim().min(1, 'required'),
  password: z.string().min(1, 'required'),
})

/**
 * POST /get-token {email, password} → {token}: for API clients. An account with a second factor
 * must sign in through /login and its second step; a password alone never gets its token.
 */
export const getToken: Endpoint = {
  path: '/get-token',
  method: 'post',
  handler: async (req) => {
    const parsed = await parseBody(req, tokenBody)
    if (parsed.failure) return parsed.failure
    const outcome = await passwordLogin({
      req,
      login: parsed.data.email,
      password: parsed.data.password,
    })
    if (outcome.failure) return outcome.failure
    const { user, token } = outcome
    if (user.twoFactor !== 'none' || user.status !== 'verified') {
      await revokeToken({ req, token })
      return fail({
        req,
        status: 403,
        code: user.twoFactor !== 'none' ? 'two-factor-required' : 'email-not-verified',
      })
    }
    return ok({ token })
  },
}
