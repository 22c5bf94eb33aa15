import type { PayloadRequest } from 'payload'
import { parseCookies } from 'payload/shared'

import { holdsLiveSession } from '@/server/sessionLookup'
import type { User } from '@payload-types'

import { fail, unavailable } from './http'
import { loadStoredUser, requestToken, verifyToken } from './session'

/**
 * The signed-in user, or the failure to answer with: 401 for a guest, 402 'You are blocked.' for
 * a blocked account — whose sessions were ended when it was blocked, so its token is recognised
 * by its signature alone. A session cookie that Payload ignored because the page came from an
 * origin outside its `csrf` list is told as such ('wrong-origin'), not as a missing sign-in. A
 * live session that Payload could not look up (the database did not answer) is a 503, never a
 * 401 that would end it in the browser.
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
  if (await isCookieRefusedForOrigin(req)) {
    return {
      failure: fail({
        req,
        status: 401,
        code: 'wrong-origin',
        values: { url: req.payload.config.serverURL },
      }),
    }
  }
  // The account and its session are there: Payload's own lookup of them failed.
  if (!user && holdsLiveSession(stored, claims?.sid)) return { failure: unavailable(req) }
  return { failure: fail({ req, status: 401, code: 'unauthorized' }) }
}

/**
 * A caller whose account is blocked on the site, known by the token's signature (their sessions
 * were ended): refused even where guests are welcome, since the block is theirs.
 */
export const isBlockedCaller = async (req: PayloadRequest): Promise<boolean> => {
  if ((req.user as User | null)?.blocked) return true
  const token = requestToken(req)
  const claims = token ? await verifyToken({ req, token }) : null
  const stored = claims?.id ? await loadStoredUser({ req, id: claims.id }) : null
  return Boolean(stored?.blocked)
}

/** A genuine session cookie sent from an Origin that Payload's `csrf` list does not hold. */
const isCookieRefusedForOrigin = async (req: PayloadRequest) => {
  const origin = req.headers.get('origin')
  const { csrf } = req.payload.config
  if (!origin || csrf.length === 0 || csrf.includes(origin)) return false
  const cookie = parseCookies(req.headers).get(`${req.payload.config.cookiePrefix}-token`)
  return Boolean(cookie && (await verifyToken({ req, token: cookie })))
}
