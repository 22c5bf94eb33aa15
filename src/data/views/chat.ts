import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import { relationId } from '@/lib/relations'
import type { ChatEvent } from '@/server/chat/events'
import type { ChatMessage } from '@payload-types'

import { type AuthorView, loadAuthors } from './authors'

/** A chat message as every reader gets it: plain text, for the client to show as text. */
export type ChatMessageView = {
  id: number
  text: string
  created_at: string
  author: AuthorView | null
}

export type ChatHistory = {
  /** Newest first. */
  messages: ChatMessageView[]
  has_more: boolean
  /** The room's last event when the page was read: the live stream resumes after it. */
  last_seq: number
}

export const chatMessageViews = async ({
  payload,
  req,
  messages,
}: {
  payload: Payload
  req?: PayloadRequest
  messages: ChatMessage[]
}): Promise<ChatMessageView[]> => {
  const authors = await loadAuthors({
    payload,
    req,
    ids: messages
      .map((message) => relationId(message.author))
      .filter((id): id is number => id !== null),
  })
  return messages.map((message) => ({
    id: message.id,
    text: message.text,
    created_at: message.createdAt,
    author: authors.get(relationId(message.author) ?? 0) ?? null,
  }))
}

/** The room's last event number (0 for an empty room). */
export const currentChatSeq = async (payload: Payload, req?: PayloadRequest): Promise<number> => {
  const { docs } = await payload.find({
    collection: 'chat-messages',
    where: { seq: { exists: true } },
    sort: '-seq',
    limit: 1,
    depth: 0,
    select: { seq: true },
    overrideAccess: true,
    pagination: false,
    req,
  })
  return docs[0]?.seq ?? 0
}

/** The room's history, newest first, `limit` messages older than the message `before`. */
export const chatHistory = async ({
  payload,
  req,
  before,
  limit,
}: {
  payload: Payload
  req: PayloadRequest
  before?: number
  limit: number
}): Promise<ChatHistory> => {
  // Read first: a message written meanwhile comes twice (the client keeps one), never not at all.
  const lastSeq = await currentChatSeq(payload, req)
  const { docs } = await payload.find({
    collection: 'chat-messages',
    where: {
      removed: { not_equals: true },
      ...(before ? { id: { less_than: before } } : {}),
    },
    sort: '-id',
    limit: limit + 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return {
    messages: await chatMessageViews({ payload, req, messages: docs.slice(0, limit) }),
    has_more: docs.length > limit,
    last_seq: lastSeq,
  }
}

/** The room's events after `after`, in order: each message as it is now, new or removed. */
export const chatEventsAfter = async ({
  payload,
  req,
  after,
  limit,
}: {
  payload: Payload
  req?: PayloadRequest
  after: number
  limit: number
}): Promise<ChatEvent[]> => {
  const { docs } = await payload.find({
    collection: 'chat-messages',
    where: { seq: { greater_than: after } },
    sort: 'seq',
    limit,
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const shown = docs.filter((message) => !message.removed)
  const views = new Map(
    (await chatMessageViews({ payload, req, messages: shown })).map((view) => [view.id, view]),
  )
  return docs.map((message) =>
    message.removed
      ? { seq: message.seq ?? 0, type: 'removed', data: { id: message.id } }
      : { seq: message.seq ?? 0, type: 'message', data: views.get(message.id) },
  )
}
