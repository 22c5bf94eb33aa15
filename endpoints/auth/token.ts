import * as calls from '@/api/auth'

import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'
import { revokeToken } from '../lib/session'

import { passwordLogin } from './passwordLogin'

/**
 * POST /get-token {email, password} → {token}: for API clients. An account with a second factor
 * must sign in through /login and its second step; a password alone never gets its token.
 */
export const getToken = defineEndpoint(calls.getToken, {
  handler: async ({ req, body, reply }) => {
    const outcome = await passwordLogin({ req, login: body.email, password: body.password })
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
    return reply({ token })
  },
})
