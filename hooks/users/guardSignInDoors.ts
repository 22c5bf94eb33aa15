import {
  APIError,
  AuthenticationError,
  type CollectionBeforeOperationHook,
  LockedAuth,
  type PayloadRequest,
} from 'payload'

import { clientAddress } from '@/server/clientAddress'
import { spendPasswordCheckTime } from '@/server/passwords'
import { consumeAttempt } from '@/server/rateLimit'
import { messageLocale, serverMessage } from '@/server/serverMessages'

const tooManyAttempts = (req: PayloadRequest) =>
  new APIError(
    serverMessage({ locale: messageLocale(req), key: 'api.too-many-attempts' }),
    429,
    null,
    true,
  )

/** The login typed, as Payload's login reads it (a username or an email), or null. */
const typedLogin = (data: Record<string, unknown>): string | null => {
  const value = [data.username, data.email].find((v) => typeof v === 'string' && v.trim())
  return typeof value === 'string' ? value.trim().toLowerCase() : null
}

/**
 * Every way into a session (the site's /api/login, Payload's /api/users/login, GraphQL
 * `loginUser`, the admin) passes Payload's login operation, and so this hook: one per-address and
 * one per-account limit for all of them. A login no account has is answered exactly as a wrong
 * password is (same error, same time spent, 'locked' after as many tries), so neither the
 * message nor the timing tells which accounts exist. Password reset requests share the
 * per-address email limit the same way.
 */
export const guardSignInDoors: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation === 'forgotPassword') {
    if (!(await consumeAttempt({ req, limit: 'emailPerAddress', key: clientAddress(req) }))) {
      throw tooManyAttempts(req)
    }
    return args
  }
  if (operation !== 'login') return args
  const data = (args.data ?? {}) as Record<string, unknown>
  const login = typedLogin(data)
  const { password } = data
  // Missing fields: Payload's own validation answers.
  if (!login || typeof password !== 'string' || !password.trim()) return args
  const allowed =
    (await consumeAttempt({ req, limit: 'loginPerAddress', key: clientAddress(req) })) &&
    (await consumeAttempt({ req, limit: 'loginPerAccount', key: login }))
  if (!allowed) throw tooManyAttempts(req)

  const known =
    !login.includes('\0') &&
    (
      await req.payload.count({
        collection: 'users',
        where: { or: [{ username: { equals: login } }, { email: { equals: login } }] },
        req,
        overrideAccess: true,
      })
    ).totalDocs > 0
  if (known) return args
  await spendPasswordCheckTime(password)
  if (!(await consumeAttempt({ req, limit: 'unknownAccount', key: login }))) {
    throw new LockedAuth(req.t)
  }
  throw new AuthenticationError(req.t)
}
