import type { PayloadRequest } from 'payload'

import { recordSecurityEvent } from '@/server/accountSecurity/events'
import { passwordStepOfSiteLogin } from '@/server/hookContract'
import type { User } from '@payload-types'

import { blockedAnswer } from '../lib/currentUser'
import { fail } from '../lib/http'

type Outcome = { user: User; token: string; failure?: undefined } | { failure: Response }

const loginField = (login: string) => (login.includes('@') ? 'email' : 'username')

export const findByLogin = async ({ req, login }: { req: PayloadRequest; login: string }) => {
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { [loginField(login)]: { equals: login.trim().toLowerCase() } },
    limit: 1,
    depth: 0,
    req,
  })
  return (docs[0] as User | undefined) ?? null
}

/**
 * Checks a login (or email) and password with Payload's own login, which keeps the per-account
 * failure count and lockout and, like every sign-in door, spends the per-address and per-account
 * limits.
 */
export const passwordLogin = async ({
  req,
  login,
  password,
}: {
  req: PayloadRequest
  login: string
  password: string
}): Promise<Outcome> => {
  const normalised = login.trim().toLowerCase()
  const account = await findByLogin({ req, login: normalised })
  if (account?.authProvider === 'google') {
    return { failure: fail({ req, status: 409, code: 'account-uses-google' }) }
  }
  passwordStepOfSiteLogin.set(req)
  try {
    const result = await req.payload.login({
      collection: 'users',
      data: { [loginField(normalised)]: normalised, password } as {
        email: string
        password: string
      },
      req,
    })
    if (!result.token || !result.user) throw new Error('Payload issued no token')
    return { user: result.user as User, token: result.token }
  } catch (error) {
    const { name, status } = error as { name?: string; status?: number }
    // Payload refuses a blocked account once the password is right: its holder may read why.
    if (status === 402) return { failure: blockedAnswer({ req, account }) }
    // The limits every sign-in door shares (hooks/users/guardSignInDoors), and the lockout.
    if (name === 'LockedAuth' || status === 429)
      return { failure: fail({ req, status: 429, code: 'too-many-attempts' }) }
    // 422, not 401: a 401 would make clients renew their token and retry the login.
    if (name === 'AuthenticationError' || status === 401) {
      if (account) {
        await recordSecurityEvent({
          req,
          userId: account.id,
          kind: 'sign-in-failed',
          detail: 'password',
        })
      }
      return { failure: fail({ req, status: 422, code: 'wrong-credentials', field: 'login' }) }
    }
    throw error
  }
}
