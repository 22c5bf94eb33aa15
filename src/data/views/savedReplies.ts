import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { SavedReply, User } from '@payload-types'

/** The most saved replies the reply boxes list (the team keeps a handful, not a library). */
export const SAVED_REPLIES_LISTED = 200

/** A saved reply as the reply boxes offer it. */
export const savedReplyView = (reply: Pick<SavedReply, 'id' | 'title' | 'text'>) => ({
  id: reply.id,
  title: reply.title,
  text: reply.text,
})

export type SavedReplyView = ReturnType<typeof savedReplyView>

/** The team's saved replies by title, as `user`'s access reads them (canKeepSavedReplies). */
export const findSavedReplies = async ({
  payload,
  req,
  user,
}: {
  payload: Payload
  req: PayloadRequest
  user: User
}) => {
  const found = await payload.find({
    collection: 'saved-replies',
    sort: ['title', 'id'],
    limit: SAVED_REPLIES_LISTED,
    depth: 0,
    select: { title: true, text: true },
    overrideAccess: false,
    user,
    req,
  })
  return found.docs.map(savedReplyView)
}
