import type { Endpoint, PayloadRequest } from 'payload'

import * as calls from '@/api/chat'
import { chatEventsAfter, chatHistory, chatMessageViews, currentChatSeq } from '@/data/views/chat'
import { CHAT_STREAMS_PER_ADDRESS, CHAT_STREAMS_PER_MEMBER } from '@/lib/limits'
import { type ChatFrame, type ChatReader, toFrame } from '@/server/chat/events'
import { chatHub } from '@/server/chat/hub'
import { UNKNOWN_ADDRESS, clientAddress } from '@/server/clientAddress'
import type { User } from '@payload-types'

import { blockedAnswer, blockedCaller } from '../lib/currentUser'
import { defineEndpoint } from '../lib/defineEndpoint'
import { fail } from '../lib/http'

/** Events a reconnecting reader is sent at most; one further behind reloads the room instead. */
const RESUME_MAX = 1000
const HEARTBEAT_MS = 15_000
/** How long a browser waits before reconnecting a lost stream. */
const RECONNECT_MS = 1500

const hubOf = (req: PayloadRequest) =>
  chatHub(
    (after, limit) => chatEventsAfter({ payload: req.payload, after, limit }),
    () => currentChatSeq(req.payload),
  )

/** The caller of a room's read, or the 402 a site-blocked account gets instead of the room. */
const reader = async (req: PayloadRequest, user: User | null) => {
  const blocked = await blockedCaller(req)
  return blocked ? { failure: blockedAnswer({ req, account: blocked }) } : { user }
}

/** GET /get-chat-messages?before=&limit= → {messages, has_more, last_seq}: newest first. */
const getChatMessages = defineEndpoint(calls.getChatMessages, {
  handler: async ({ req, user, query, reply }) => {
    const caller = await reader(req, user)
    if (caller.failure) return caller.failure
    return reply(await chatHistory({ payload: req.payload, req, ...query }))
  },
})

/** POST /add-chat-message {text} → {message}. */
const addChatMessage = defineEndpoint(calls.addChatMessage, {
  handler: async ({ req, user, body, reply }) => {
    const message = await req.payload.create({
      collection: 'chat-messages',
      data: { text: body.text, author: user.id },
      user,
      overrideAccess: false,
      req,
    })
    const [view] = await chatMessageViews({ payload: req.payload, req, messages: [message] })
    return reply({ message: view })
  },
})

/** POST /delete-chat-message {message_id} → {}: an admin removes a message for every reader. */
const deleteChatMessage = defineEndpoint(calls.deleteChatMessage, {
  handler: async ({ req, user, body, reply }) => {
    const { docs } = await req.payload.update({
      collection: 'chat-messages',
      where: { id: { equals: body.message_id }, removed: { not_equals: true } },
      data: { removed: true },
      user,
      overrideAccess: false,
      req,
    })
    if (!docs.length) {
      return fail({ req, status: 404, code: 'chat-message-not-found', field: 'message_id' })
    }
    return reply({})
  },
})

const encoder = new TextEncoder()

/**
 * GET /chat-stream?after=<seq> (or the Last-Event-ID header of a reconnecting EventSource): the
 * room's events as server-sent events, `message` and `removed` with their `seq` as id, and
 * `online` counts. Events after `after` come first, then live ones, each once and in order.
 */
const chatStream = defineEndpoint(calls.chatStream, {
  handler: async ({ req, user, query }) => {
    const caller = await reader(req, user)
    if (caller.failure) return caller.failure
    const header = req.headers.get('last-event-id')
    const lastEventId = header?.trim() ? Number(header) : Number.NaN
    const after = Number.isSafeInteger(lastEventId) && lastEventId >= 0 ? lastEventId : query.after
    const hub = await hubOf(req)
    const signal = req.signal

    // The reader takes its slot before the stream opens: past the caps, no stream at all. Its
    // events go to the stream's handlers, set as the stream starts (in the same tick).
    let handlers: ChatReader | null = null
    const streamReader: ChatReader = {
      onFrames: (frames) => handlers?.onFrames(frames),
      onOnline: (count) => handlers?.onOnline(count),
      onBlocked: () => handlers?.onBlocked(),
      onChatBlock: (blocked) => handlers?.onChatBlock(blocked),
    }
    const address = clientAddress(req)
    const slot = {
      userId: caller.user?.id ?? null,
      address: address === UNKNOWN_ADDRESS ? null : address,
    }
    const joined = hub.join(streamReader, slot, {
      perMember: CHAT_STREAMS_PER_MEMBER,
      perAddress: CHAT_STREAMS_PER_ADDRESS,
    })
    if (!joined) return fail({ req, status: 429, code: 'chat-streams-too-many' })

    let leave = joined
    let heartbeat: NodeJS.Timeout | null = null
    const stop = () => {
      leave()
      leave = () => {}
      if (heartbeat) clearInterval(heartbeat)
    }
    const stream = new ReadableStream<Uint8Array>({
      start: async (controller) => {
        let open = true
        const send = (text: string) => {
          if (!open) return
          try {
            controller.enqueue(encoder.encode(text))
          } catch {
            open = false
            stop()
          }
        }
        const close = () => {
          if (!open) return
          open = false
          stop()
          try {
            controller.close()
          } catch {
            // Already closed by the reader.
          }
        }
        signal?.addEventListener('abort', close)

        // Live events wait while the missed ones are read, then each goes once, in order.
        let sent = after ?? hub.seq
        let buffer: ChatFrame[] | null = []
        const deliver = (frames: ChatFrame[]) => {
          for (const frame of frames) {
            if (frame.seq <= sent) continue
            sent = frame.seq
            send(frame.text)
          }
        }
        handlers = {
          onFrames: (frames) => (buffer ? buffer.push(...frames) : deliver(frames)),
          onOnline: (count) => send(`event: online\ndata: ${JSON.stringify({ count })}\n\n`),
          onBlocked: () => {
            send('event: blocked\ndata: {}\n\n')
            close()
          },
          onChatBlock: (blocked) =>
            send(`event: chat-blocked\ndata: ${JSON.stringify({ blocked })}\n\n`),
        }
        if (signal?.aborted) close()
        send(`retry: ${RECONNECT_MS}\n\n`)
        send(`event: online\ndata: ${JSON.stringify({ count: hub.onlineCount })}\n\n`)
        if (after !== undefined) {
          try {
            const missed = await chatEventsAfter({
              payload: req.payload,
              after,
              limit: RESUME_MAX + 1,
            })
            if (missed.length > RESUME_MAX) {
              send(`event: reset\ndata: {}\n\n`)
              close()
              return
            }
            deliver(missed.map(toFrame))
          } catch {
            // The database is away: the browser reconnects and resumes from the same place.
            close()
            return
          }
        }
        const waiting = buffer
        buffer = null
        deliver(waiting)
        if (!open) return
        heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS)
      },
      cancel: () => stop(),
    })
    return new Response(stream, {
      status: 200,
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      },
    })
  },
})

export const chatEndpoints: Endpoint[] = [
  getChatMessages,
  addChatMessage,
  deleteChatMessage,
  chatStream,
]
