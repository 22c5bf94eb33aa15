import { sql } from 'drizzle-orm'
import {
  APIError,
  type CollectionAfterChangeHook,
  type CollectionBeforeChangeHook,
  ValidationError,
} from 'payload'

import { publishChatEvent } from '@/server/chat/bus'
import { runSql } from '@/server/db'
import { TooManyRequestsError, consumeAttempt } from '@/server/rateLimit'
import { requestLocale, serverMessage } from '@/server/serverMessages'
import { checkRole } from '@access/roles'
import type { ChatMessage, User } from '@payload-types'

/** The lock that keeps the room's events committed in the order of their `seq`. */
const CHAT_EVENTS_LOCK = 7_432_001

/**
 * The room's next event number, taken under a transaction-long lock: two writers never commit out
 * of order, so a reader that has every event up to N has missed none below it.
 */
const nextSeq = async (req: Parameters<CollectionBeforeChangeHook>[0]['req']) => {
  await runSql({
    payload: req.payload,
    req,
    query: sql`select pg_advisory_xact_lock(${CHAT_EVENTS_LOCK})`,
  })
  const { rows } = await runSql<{ seq: string }>({
    payload: req.payload,
    req,
    query: sql`select nextval('chat_messages_seq') as seq`,
  })
  return Number(rows[0].seq)
}

/**
 * Whatever the door: a new message is its writer's (an admin may name another author through the
 * admin), its text trimmed and not empty, refused to a writer blocked in chat ('You are blocked in
 * chat') and past the per-user rate limit (admins are not limited). A removal records who and
 * when. Each new message and each removal or restoration takes the room's next `seq`.
 */
export const prepareChatMessage: CollectionBeforeChangeHook<ChatMessage> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const locale = requestLocale(req.headers)
  const user = req.user as User | null
  const isAdmin = checkRole(['admin'], user)

  if (operation === 'create') {
    if (user && (!isAdmin || !data.author)) data.author = user.id
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
    if (user && !isAdmin) {
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
    data.seq = await nextSeq(req)
    return data
  }

  const removed = data.removed ?? originalDoc?.removed ?? false
  if (Boolean(removed) === Boolean(originalDoc?.removed)) return data
  data.removedBy = removed ? (user?.id ?? null) : null
  data.removedAt = removed ? new Date().toISOString() : null
  data.seq = await nextSeq(req)
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
