import type { CollectionAfterChangeHook } from 'payload'

import { publishChatKick } from '@/server/chat/bus'
import type { User } from '@payload-types'

const SCOPES = [
  ['blocked', 'site'],
  ['chatBlocked', 'chat'],
] as const

/**
 * Every block and unblock, on the site or in the chat, by whatever door, leaves its record in
 * `user-blocks` (who, when, why), in the change's own transaction, and is told to the account's
 * open streams of the chat room.
 */
export const recordBlocks: CollectionAfterChangeHook<User> = async ({ doc, previousDoc, req }) => {
  for (const [flag, scope] of SCOPES) {
    const now = Boolean(doc[flag])
    if (now === Boolean(previousDoc?.[flag])) continue
    await req.payload.create({
      collection: 'user-blocks',
      data: {
        user: doc.id,
        login: doc.username,
        scope,
        action: now ? 'block' : 'unblock',
        // An unblock names a reason only when one was given with it.
        reason:
          now || doc.blockReason !== previousDoc?.blockReason
            ? doc.blockReason?.trim() || null
            : null,
        by: req.user?.id ?? null,
      },
      depth: 0,
      overrideAccess: true,
      req,
    })
  }
  // Their open chat streams hear of it at once: a site block ends them (and the page signs the
  // tab out); a chat block takes the writing box away, its end gives it back.
  if (doc.blocked && !previousDoc?.blocked) {
    await publishChatKick({ req, kick: { userId: doc.id, scope: 'site' } })
  }
  if (Boolean(doc.chatBlocked) !== Boolean(previousDoc?.chatBlocked)) {
    const scope = doc.chatBlocked ? 'chat' : 'chat-lifted'
    await publishChatKick({ req, kick: { userId: doc.id, scope } })
  }
  return doc
}
