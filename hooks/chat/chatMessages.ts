import {
  APIError,
  type CollectionAfterChangeHook,
  type CollectionBeforeChangeHook,
  ValidationError,
} from 'payload'

import { canModerateChat } from '@/lib/roles'
import { publishChatEvent } from '@/server/chat/bus'
import { TooManyRequestsError, consumeAttempt } from '@/server/rateLimit'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { nextChatSeq } from '@/server/sql/statements'
import type { ChatMessage, User } from '@payload-types'

/**
 * Whatever the door: a new message is its writer's (the chat's moderators, canModerateChat, may
 * name another author through the admin), its text trimmed and not empty, refused to a writer
 * blocked in chat ('You are blocked in chat') and past the per-user rate limit (moderators are not
 * limited). A removal records who and
 * when. Each new message and each removal or restoration takes the room's next `seq`.
 */
export const prepareChatMessage: CollectionBeforeChangeHook<ChatMessage> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const locale = messageLocale(req)
  const user = req.user as User | null
  const isModerator = canModerateChat(user)

  if (operation === 'create') {
    if (user && (!isModerator || !data.author)) data.author = user.id
    if (user?.chatBlocked) {
      throw new APIError(serverMessage({ locale, key: 'api.chat-blocked' }), 403, null, true)
    }
    data.text = typeof data.text === 'string' ? data.text.trim() : data.text
    if (!data.text) {
      throw new ValidationError({
        collection: 'chat-messages',
        errors: [{ path: 'text', message: serverMessage({ locale, key: 'api.required' }) }],
      })
    }
    if (user && !isModerator) {
      const allowed = await consumeAttempt({
        req,
        limit: 'chatMessagePerUser',
        key: String(user.id),
      })
      if (!allowed) {
        throw new TooManyRequestsError(serverMessage({ locale, key: 'api.chat-rate-limited' }))
      }
    }
    data.removed = false
    data.seq = await nextChatSeq(req)
    return data
  }

  const removed = data.removed ?? originalDoc?.removed ?? false
  if (Boolean(removed) === Boolean(originalDoc?.removed)) return data
  data.removedBy = removed ? (user?.id ?? null) : null
  data.removedAt = removed ? new Date().toISOString() : null
  data.seq = await nextChatSeq(req)
  return data
}

/** Tells every instance's readers that the room has a new event (delivered once committed). */
export const announceChatChange: CollectionAfterChangeHook<ChatMessage> = async ({
  doc,
  previousDoc,
  req,
}) => {
  if (typeof doc.seq === 'number' && doc.seq !== previousDoc?.seq) {
    await publishChatEvent({ req, seq: doc.seq })
  }
  return doc
}
