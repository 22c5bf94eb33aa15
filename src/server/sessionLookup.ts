import 'server-only'

import { jwtVerify } from 'jose'
import type { Payload } from 'payload'
import { parseCookies } from 'payload/shared'

import { isDatabaseUnavailableError } from '@/lib/databaseOutage'

type LookupArgs = { payload: Payload; headers: Headers }

/** The session token a request carries: a bearer (or `JWT`) header, else the session cookie. */
const carriedToken = ({ payload, headers }: LookupArgs): string | null => {
  const bearer = (headers.get('authorization') ?? '').match(/^(?:Bearer|JWT)\s+(.+)$/i)?.[1]
  return bearer ?? parseCookies(headers).get(`${payload.config.cookiePrefix}-token`) ?? null
}

/**
 * Payload's session check turns any failure to look the token's account up into "no user": its
 * JWT strategy catches every error. A request that carries a genuine token of a live session and
 * yet has no user met a database that did not answer, and must be answered 503, not as a guest
 * (a browser takes a 401 for the end of its session). Called only once Payload found no user; a
 * database that fails again now says so too.
 */
export const sessionLookupFailed = async (args: LookupArgs): Promise<boolean> => {
  const token = carriedToken(args)
  if (!token) return false
  const { payload } = args
  let claims: Record<string, unknown>
  try {
    claims = (await jwtVerify(token, new TextEncoder().encode(payload.secret))).payload
  } catch {
    return false
  }
  if (typeof claims.id !== 'number' && typeof claims.id !== 'string') return false
  try {
    const stored = (await payload.db.findOne({
      collection: 'users',
      where: { id: { equals: claims.id } },
    })) as { blocked?: boolean | null; sessions?: { id: string; expiresAt: string }[] } | null
    if (!stored || stored.blocked) return false
    const now = Date.now()
    return (stored.sessions ?? []).some(
      (session) => session.id === claims.sid && new Date(session.expiresAt).getTime() > now,
    )
  } catch (error) {
    if (isDatabaseUnavailableError(error)) return true
    throw error
  }
}
