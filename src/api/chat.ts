import { z } from 'zod'

import type { ChatHistory, ChatMessageView } from '@/data/views/chat'
import { CHAT_HISTORY_STEP, CHAT_HISTORY_STEP_MAX, LIMITS } from '@/lib/limits'
import { canModerateChat } from '@/lib/roles'

import { answer, declareCall } from './call'
import { recordId, wholeNumber } from './fields'

/** Messages of the room per step of its history (older ones load on scroll). */

export const getChatMessages = declareCall({
  path: '/get-chat-messages',
  method: 'get',
  auth: 'anyone',
  summary:
    'The chat room’s messages, newest first, 30 at a time; before=<id of the oldest shown> gives ' +
    'older ones. last_seq is where GET /chat-stream?after= resumes',
  answer: answer<ChatHistory>(
    '{messages: [{id, text, created_at, author: {id, display_name, avatar, role}}], has_more, last_seq}',
  ),
  query: z.object({
    before: recordId.optional(),
    limit: wholeNumber('value-invalid')
      .pipe(z.number().min(1, 'value-invalid').max(CHAT_HISTORY_STEP_MAX, 'value-invalid'))
      .default(CHAT_HISTORY_STEP),
  }),
})

export const addChatMessage = declareCall({
  path: '/add-chat-message',
  method: 'post',
  auth: 'signedIn',
  summary:
    'Write in the chat room: plain text, a few messages per 10 seconds; refused to a user ' +
    'blocked in chat (403 ‘You are blocked in chat’)',
  answer: answer<{ message: ChatMessageView }>('{message}'),
  body: z.object({
    text: z
      .string({ message: 'required' })
      .trim()
      .min(1, 'required')
      .max(LIMITS.chatMessageMax, 'too-long'),
  }),
})

export const deleteChatMessage = declareCall({
  path: '/delete-chat-message',
  method: 'post',
  auth: canModerateChat,
  summary: 'Admins: remove a chat message; it disappears for every reader at once and is kept',
  answer: answer(),
  body: z.object({ message_id: recordId }),
})

/**
 * The room's events as server-sent events, not JSON: its answer is a `text/event-stream`, so the
 * browser reads it with an EventSource at `apiUrl(apiPath('/chat-stream', { after }))`.
 */
export const chatStream = declareCall({
  path: '/chat-stream',
  method: 'get',
  auth: 'anyone',
  summary:
    'The chat room live (text/event-stream): events `message` and `removed` with their seq as ' +
    'id, resumed after Last-Event-ID or ?after=; `online` with how many are in the room; ' +
    '`reset` when the reader is too far behind and should reload the room',
  answer: answer<Record<never, never>>('a text/event-stream'),
  query: z.object({
    after: wholeNumber('value-invalid')
      .pipe(z.number().max(Number.MAX_SAFE_INTEGER, 'value-invalid'))
      .optional(),
  }),
})
