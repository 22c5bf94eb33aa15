import { getFieldsToSign, jwtSign, type PayloadRequest } from 'payload'
import { addSessionToUser, generatePayloadCookie } from 'payload/shared'

import { sessionToken, tokenClaims } from '@/server/sessionLookup'
import type { User } from '@payload-types'

type StoredUser = User & { sessions?: { id: string }[] | null }

const usersConfig = (req: PayloadRequest) => req.payload.collections.users.config

/** The account as stored, hidden fields and sessions included (never sent to a client). */
export const loadStoredUser = async ({ req, id }: { req: PayloadRequest; id: number | string }) =>
  (await req.payload.db.findOne({
    collection: 'users',
    req,
    where: { id: { equals: id } },
  })) as StoredUser | null

/**
 * Starts a session the way Payload's own login does (session record, JWT, cookie), for a sign-in
 * finished by a second factor rather than by the password.
 */
export const issueSession = async ({ req, user }: { req: PayloadRequest; user: User }) => {
  const collectionConfig = usersConfig(req)
  const stored = await loadStoredUser({ req, id: user.id })
  if (!stored) throw new Error('User vanished while signing in')
  const { sid } = await addSessionToUser({
    collectionConfig,
    payload: req.payload,
    req,
    user: { ...stored, collection: 'users' } as never,
  })
  const { token, exp } = await jwtSign({
    fieldsToSign: getFieldsToSign({
      collectionConfig,
      email: stored.email,
      sid,
      user: { ...stored, collection: 'users' } as never,
    }),
    secret: req.payload.secret,
    tokenExpiration: collectionConfig.auth.tokenExpiration,
  })
  return { token, exp, cookie: sessionCookie({ req, token }) }
}

/** Payload's own session cookie for a token. */
export const sessionCookie = ({ req, token }: { req: PayloadRequest; token: string }) =>
  generatePayloadCookie({
    collectionAuthConfig: usersConfig(req).auth,
    cookiePrefix: req.payload.config.cookiePrefix,
    token,
  })

/** Ends the one session a token belongs to (a password check that must not sign anyone in yet). */
export const revokeToken = async ({ req, token }: { req: PayloadRequest; token: string }) => {
  const claims = await verifyToken({ req, token })
  if (!claims?.id) return
  const stored = await loadStoredUser({ req, id: claims.id })
  if (!stored) return
  const sessions = (stored.sessions ?? []).filter((session) => session.id !== claims.sid)
  await req.payload.db.updateOne({
    collection: 'users',
    id: stored.id,
    data: { sessions, updatedAt: null } as never,
    req,
    returning: false,
  })
}

/** The claims of a genuine, unexpired token, whether or not its session still exists. */
export const verifyToken = ({ req, token }: { req: PayloadRequest; token: string }) =>
  tokenClaims({ payload: req.payload, token })

/** The bearer token (or session cookie) a request carries. */
export const requestToken = (req: PayloadRequest): string | null =>
  sessionToken({ payload: req.payload, headers: req.headers })
