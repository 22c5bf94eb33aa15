import { APIError, type CollectionBeforeLoginHook } from 'payload'

import { passwordStepOfSiteLogin, siteResetsPassword } from '@/server/hookContract'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import type { User } from '@payload-types'

/**
 * Guards every way into a session, Payload's own /api/users/login included: a blocked account
 * never gets one (402 'You are blocked.'), and an unconfirmed account or one with a second
 * factor only through the site's /api/login flow, which asks for the email code or the factor
 * (and the site's password reset, which keeps no session).
 */
export const guardLogin: CollectionBeforeLoginHook<User> = ({ user, req }) => {
  const say = (key: string) => serverMessage({ locale: messageLocale(req), key: `api.${key}` })
  if (user.blocked) throw new APIError(say('blocked'), 402, null, true)
  if (passwordStepOfSiteLogin.isSet(req)) return user
  if (user.status !== 'verified') throw new APIError(say('email-not-verified'), 403, null, true)
  if (siteResetsPassword.isSet(req)) return user
  if (user.twoFactor !== 'none') throw new APIError(say('two-factor-required'), 403, null, true)
  return user
}
