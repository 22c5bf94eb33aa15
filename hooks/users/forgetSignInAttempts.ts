import type { CollectionAfterLoginHook } from 'payload'

import { forgetAttempts } from '@/server/rateLimit'

/**
 * The per-account sign-in limit guards against guessing a password: once the right one is given
 * (by any door), the account's spent attempts are forgotten, so a person who signs in often is
 * never locked out by their own successes. The per-address limit still counts every try.
 */
export const forgetSignInAttempts: CollectionAfterLoginHook = async ({ req, user }) => {
  const keys = [user.username, user.email].filter(
    (key): key is string => typeof key === 'string' && key.length > 0,
  )
  await forgetAttempts({ req, limit: 'loginPerAccount', keys })
  return user
}
