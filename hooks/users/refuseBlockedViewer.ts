import { APIError, type CollectionAfterMeHook } from 'payload'

import { requestLocale, serverMessage } from '@/server/serverMessages'
import { sessionToken, tokenClaims } from '@/server/sessionLookup'
import type { User } from '@payload-types'

/**
 * `GET /api/users/me` answers `{user: null}` to a guest. To the holder of a session of an account
 * blocked on the site since (a block ends its sessions, so Payload finds no user) it answers as
 * every other call does, 402 'You are blocked.' with the block's reason: the open tab's viewer
 * check (on focus) learns of the block, signs the tab out and says why, once.
 */
export const refuseBlockedViewer: CollectionAfterMeHook = async ({ req, response }) => {
  if ((response as { user?: unknown }).user) return response
  const token = sessionToken({ payload: req.payload, headers: req.headers, asPayloadReadsIt: true })
  const claims = token ? await tokenClaims({ payload: req.payload, token }) : null
  if (typeof claims?.id !== 'number' && typeof claims?.id !== 'string') return response
  const stored = (await req.payload.db
    .findOne({ collection: 'users', where: { id: { equals: claims.id } }, req })
    .catch(() => null)) as Pick<User, 'blocked' | 'blockReason'> | null
  if (!stored?.blocked) return response
  const message = serverMessage({ locale: requestLocale(req.headers), key: 'api.blocked' })
  throw new APIError(message, 402, { reason: stored.blockReason?.trim() || null }, true)
}
