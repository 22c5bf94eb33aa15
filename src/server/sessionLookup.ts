import 'server-only'

import { jwtVerify } from 'jose'
import type { Payload } from 'payload'
import { parseCookies } from 'payload/shared'

import { isDatabaseUnavailableError } from '@/lib/databaseOutage'

type StoredSessions = {
  blocked?: boolean | null
  sessions?: { id: string; expiresAt?: string | null }[] | null
}

/**
 * Whether Payload reads the session cookie of this request: its CSRF rule takes the cookie only
 * from an Origin on its `csrf` list or, with no Origin, from a browser saying the request is
 * same-site (`Sec-Fetch-Site`); a client that sends neither (curl, a script) is a guest to it.
 */
export const payloadReadsCookie = (payload: Payload, headers: Headers) => {
  const { csrf } = payload.config
  const origin = headers.get('origin')
  if (origin) return csrf.length === 0 || csrf.includes(origin)
  if (csrf.length === 0) return true
  return ['same-origin', 'same-site', 'none'].includes(headers.get('sec-fetch-site') ?? '')
}

/**
 * The session token a request carries: a bearer (or `JWT`) header, else the session cookie
 * (`asPayloadReadsIt`: only a cookie Payload's CSRF rule lets through).
 */
export const sessionToken = ({
  payload,
  headers,
  asPayloadReadsIt = false,
}: {
  payload: Payload
  headers: Headers
  asPayloadReadsIt?: boolean
}): string | null => {
  const bearer = (headers.get('authorization') ?? '').match(/^(?:Bearer|JWT)\s+(.+)$/i)?.[1]
  if (bearer) return bearer
  if (asPayloadReadsIt && !payloadReadsCookie(payload, headers)) return null
  return parseCookies(headers).get(`${payload.config.cookiePrefix}-token`) ?? null
}

/** The claims of a genuine, unexpired token, whether or not its session still exists. */
export const tokenClaims = async ({ payload, token }: { payload: Payload; token: string }) => {
  try {
    const { payload: claims } = await jwtVerify(token, new TextEncoder().encode(payload.secret))
    return claims as { id?: number | string; sid?: string }
  } catch {
    return null
  }
}

/** Whether a stored account, not blocked, still holds the unexpired session `sid`. */
export const holdsLiveSession = (stored: StoredSessions | null, sid: string | undefined) => {
  if (!stored || stored.blocked || !sid) return false
  const now = Date.now()
  return (stored.sessions ?? []).some(
    (session) => session.id === sid && new Date(session.expiresAt ?? 0).getTime() > now,
  )
}

/**
 * The block of the account whose session the request carries (as Payload reads it), if that
 * account is blocked on the site: its sessions were ended, so Payload sees a guest, but the
 * token's signature still names the account. Null for anyone else, or if the database is away.
 */
export const blockedSessionOf = async (args: {
  payload: Payload
  headers: Headers
}): Promise<{ reason: string | null } | null> => {
  const token = sessionToken({ ...args, asPayloadReadsIt: true })
  const claims = token ? await tokenClaims({ payload: args.payload, token }) : null
  if (typeof claims?.id !== 'number' && typeof claims?.id !== 'string') return null
  const stored = (await args.payload.db
    .findOne({ collection: 'users', where: { id: { equals: claims.id } } })
    .catch(() => null)) as { blocked?: boolean | null; blockReason?: string | null } | null
  return stored?.blocked ? { reason: stored.blockReason?.trim() || null } : null
}

/**
 * Payload's session check turns any failure to look the token's account up into "no user": its
 * JWT strategy catches every error. A request that carries a genuine token of a live session and
 * yet has no user met a database that did not answer, and must be answered 503, not as a guest
 * (a browser takes a 401 for the end of its session). Called only once Payload found no user; a
 * database that fails again now says so too.
 */
export const sessionLookupFailed = async (args: {
  payload: Payload
  headers: Headers
}): Promise<boolean> => {
  // A cookie Payload did not read (its CSRF rule) is why it found no user: no outage.
  const token = sessionToken({ ...args, asPayloadReadsIt: true })
  const claims = token ? await tokenClaims({ payload: args.payload, token }) : null
  if (typeof claims?.id !== 'number' && typeof claims?.id !== 'string') return false
  try {
    const stored = (await args.payload.db.findOne({
      collection: 'users',
      where: { id: { equals: claims.id } },
    })) as StoredSessions | null
    return holdsLiveSession(stored, claims.sid)
  } catch (error) {
    if (isDatabaseUnavailableError(error)) return true
    throw error
  }
}
