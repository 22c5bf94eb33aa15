import { APIError, type CollectionAfterMeHook } from 'payload'

import { messageLocale, serverMessage } from '@/server/serverMessages'
import { blockedSessionOf } from '@/server/sessionLookup'

/**
 * `GET /api/users/me` answers `{user: null}` to a guest. To the holder of a session of an account
 * blocked on the site since (a block ends its sessions, so Payload finds no user) it answers as
 * every other call does, 402 'You are blocked.' with the block's reason: the open tab's viewer
 * check (on focus) learns of the block, signs the tab out and says why, once.
 */
export const refuseBlockedViewer: CollectionAfterMeHook = async ({ req, response }) => {
  if ((response as { user?: unknown }).user) return response
  const block = await blockedSessionOf({ payload: req.payload, headers: req.headers })
  if (!block) return response
  const message = serverMessage({ locale: messageLocale(req), key: 'api.blocked' })
  throw new APIError(message, 402, { reason: block.reason }, true)
}
