import type { PayloadRequest } from 'payload'

import type { User } from '@payload-types'

import { fail } from './http'
import { loadStoredUser, requestToken, verifyToken } from './session'

/**
 * The signed-in user, or the failure to answer with: 401 for a guest, 402 'You are blocked.' for
 * a blocked account — whose sessions were ended when it was blocked, so its token is recognised
 * by its signature alone.
 */
export const requireUser = async (
  req: PayloadRequest,
): Promise<{ user: User; failure?: undefined } | { user?: undefined; failure: Response }> => {
  const user = req.user as User | null
  if (user && !user.blocked) return { user }
  const token = requestToken(req)
  const claims = token ? await verifyToken({ req, token }) : null
  const stored = claims?.id ? await loadStoredUser({ req, id: claims.id }) : null
  if (stored?.blocked || user?.blocked) {
    return { failure: fail({ req, status: 402, code: 'blocked' }) }
  }
  return { failure: fail({ req, status: 401, code: 'unauthorized' }) }
}
