import type { PayloadRequest } from 'payload'
import { parseCookies } from 'payload/shared'

import { touchSession } from '@/server/accountSecurity/sessions'
import { holdsLiveSession, sessionToken } from '@/server/sessionLookup'
import type { User } from '@payload-types'

import { fail, unavailable } from './http'
import { loadStoredUser, requestToken, verifyToken } from './session'

/**
 * The signed-in user, or the failure to answer with: 401 for a guest, 402 'You are blocked.' for
 * a blocked account — whose sessions were ended when it was blocked, so its token is recognised
 * by its signature alone. A session cookie that Payload's CSRF rule did not read is a 401 as on
 * Payload's doors and the pages, told as 'wrong-origin' when a page of another origin sent it. A
 * live session that Payload could not look up (the database did not answer) is a 503, never a
 * 401 that would end it in the browser.
 */
export const requireUser = async (
  req: PayloadRequest,
): Promise<{ user: User; failure?: undefined } | { user?: undefined; failure: Response }> => {
  const user = req.user as User | null
  if (user && !user.blocked) {
    // The session is in use: its "last seen" (written at most every few minutes).
    await touchSession(req)
    return { user }
  }
  const token = requestToken(req)
  const claims = token ? await verifyToken({ req, token }) : null
  const stored = claims?.id ? await loadStoredUser({ req, id: claims.id }) : null
  if (stored?.blocked || user?.blocked) {
    return { failure: blockedAnswer({ req, account: stored ?? user }) }
  }
  const refused = await cookieRefused(req)
  if (refused === 'other-origin') {
    return {
      failure: fail({
        req,
        status: 401,
        code: 'wrong-origin',
        values: { url: req.payload.config.serverURL },
      }),
    }
  }
  // The account and its session are there: Payload's own lookup of them failed. A cookie its
  // CSRF rule did not read is no outage: Payload's doors and the pages take it for a guest.
  if (!user && !refused && holdsLiveSession(stored, claims?.sid)) {
    return { failure: unavailable(req) }
  }
  return { failure: fail({ req, status: 401, code: 'unauthorized' }) }
}

/**
 * The answer to a blocked account (spec: 402 'You are blocked.'), with the block's `reason` for
 * its holder (known by a password, a second factor or the session's signature) to read, so the
 * site can say why and how to appeal in one message.
 */
export const blockedAnswer = ({
  req,
  account,
}: {
  req: PayloadRequest
  account?: Pick<User, 'blockReason'> | null
}) =>
  fail({
    req,
    status: 402,
    code: 'blocked',
    extra: { reason: account?.blockReason?.trim() || null },
  })

/**
 * The account of a caller blocked on the site, known by the token's signature (their sessions
 * were ended), or null: refused even where guests are welcome, since the block is theirs.
 */
export const blockedCaller = async (req: PayloadRequest): Promise<User | null> => {
  const user = req.user as User | null
  if (user?.blocked) return (await loadStoredUser({ req, id: user.id })) ?? user
  const token = requestToken(req)
  const claims = token ? await verifyToken({ req, token }) : null
  const stored = claims?.id ? await loadStoredUser({ req, id: claims.id }) : null
  return stored?.blocked ? stored : null
}

/**
 * Why Payload did not read the request's genuine session cookie, if it did not (its CSRF rule,
 * `payloadReadsCookie`): 'other-origin' when a page of another origin (an Origin header, or a
 * browser saying the request is cross-site) sent it, 'no-origin' when a client said nothing of
 * where it comes from (a script); null when the cookie was read, or there is none, or a bearer
 * token stands instead. Either way the caller is a guest to Payload's doors and to the pages, and
 * a 401 here too, never the 503 of a failed lookup.
 */
const cookieRefused = async (req: PayloadRequest): Promise<'other-origin' | 'no-origin' | null> => {
  if (sessionToken({ payload: req.payload, headers: req.headers, asPayloadReadsIt: true })) {
    return null
  }
  const cookie = parseCookies(req.headers).get(`${req.payload.config.cookiePrefix}-token`)
  if (!cookie || !(await verifyToken({ req, token: cookie }))) return null
  const crossSite = req.headers.has('origin') || req.headers.get('sec-fetch-site') === 'cross-site'
  return crossSite ? 'other-origin' : 'no-origin'
}
