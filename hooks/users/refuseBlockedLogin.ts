import { APIError, type CollectionBeforeLoginHook } from 'payload'

import type { User } from '../../payload-types'
import { requestLocale, serverMessage } from '../../src/lib/serverMessages'

/** A blocked account cannot start a session (spec §6: 'You are blocked.', status 402). */
export const refuseBlockedLogin: CollectionBeforeLoginHook<User> = ({ user, req }) => {
  if (!user.blocked) return user
  throw new APIError(
    serverMessage({ locale: requestLocale(req.headers), key: 'api.blocked' }),
    402,
    null,
    true,
  )
}
