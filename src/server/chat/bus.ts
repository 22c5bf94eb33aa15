import 'server-only'

import { Redis } from 'ioredis'
import type { PayloadRequest } from 'payload'
import pg from 'pg'

import { databaseUrl, env } from '@/server/env'
import { listenOn, notifyOn } from '@/server/sql/connection'
import { notifyChannel } from '@/server/sql/statements'

/**
 * The chat's message bus between app instances: PostgreSQL LISTEN/NOTIFY, or Redis pub/sub when
 * REDIS_URL is set. It carries only news that the room changed (the event's `seq`) and each
 * instance's presence; the events themselves are read from the database, in `seq` order.
 */

const EVENTS = 'chat_events'
const PRESENCE = 'chat_presence'
const KICK = 'chat_kick'
const REDIS_PREFIX = 'obzor:'
/** The listening connection's name in pg_stat_activity. */
export const LISTENER_NAME = 'obzor-chat-listener'

const redisUrl = () => env().REDIS_URL || ''

let publisher: Redis | null = null
/**
 * The one publishing connection. A publish waits at most half a second: a paused or unreachable
 * Redis must not hold a chat post (which answers once its message is stored) for its outage.
 */
const redisPublisher = () => {
  if (!publisher) {
    publisher = new Redis(redisUrl(), { maxRetriesPerRequest: 1, commandTimeout: 500 })
    publisher.on('error', () => {})
  }
  return publisher
}

/**
 * Announces the room's event `seq`. Through Postgres the notice is part of the writer's
 * transaction and reaches listeners once it commits; through Redis it goes at once, and readers
 * wait for the event to be committed before they read it.
 */
export const publishChatEvent = async ({ req, seq }: { req: PayloadRequest; seq: number }) => {
  if (redisUrl()) {
    await redisPublisher()
      .publish(REDIS_PREFIX + EVENTS, String(seq))
      .catch(() => {
        // The readers' poll finds the event: a bus that is away delays the room, loses nothing.
      })
    return
  }
  await notifyChannel(req, EVENTS, String(seq))
}

/**
 * What happened to an account that its open streams must know: blocked on the site (the streams
 * end), blocked in the chat (the page takes the writing box away), or let write in it again.
 */
export type ChatKick = { userId: number; scope: 'site' | 'chat' | 'chat-lifted' }

const KICK_SCOPES = new Set<string>(['site', 'chat', 'chat-lifted'])

/** `site:12`; a bare id is a site block (as older instances sent it). */
const kickText = ({ userId, scope }: ChatKick) => `${scope}:${userId}`

const readKick = (text: string | undefined): ChatKick | null => {
  const [scope, id] = (text ?? '').includes(':') ? (text ?? '').split(':') : ['site', text]
  const userId = Number(id)
  return KICK_SCOPES.has(scope) && Number.isSafeInteger(userId) && userId > 0
    ? { userId, scope: scope as ChatKick['scope'] }
    : null
}

/**
 * Tells every instance what happened to an account (ChatKick), for its open streams of the room
 * (once the change commits, through Postgres).
 */
export const publishChatKick = async ({ req, kick }: { req: PayloadRequest; kick: ChatKick }) => {
  if (redisUrl()) {
    await redisPublisher()
      .publish(REDIS_PREFIX + KICK, kickText(kick))
      .catch(() => {})
    return
  }
  await notifyChannel(req, KICK, kickText(kick))
}

export type BusHandlers = {
  /** The room has events up to `seq`. */
  onEvent: (seq: number) => void
  /** Another instance's (or this one's) presence, as it published it. */
  onPresence: (payload: string) => void
  /** An account was blocked on the site or in the chat, or let write again. */
  onKick: (kick: ChatKick) => void
  /** (Re)connected: whatever was announced while away must be read now. */
  onConnected: () => void
}

export type BusSubscription = {
  publishPresence: (payload: string) => Promise<void>
  close: () => Promise<void>
}

const RETRY_MIN_MS = 200
const RETRY_MAX_MS = 3000

/** Listens on the bus, reconnecting by itself (with back-off) whenever the connection is lost. */
export const subscribeToBus = (handlers: BusHandlers): BusSubscription =>
  redisUrl() ? redisSubscription(handlers) : postgresSubscription(handlers)

const postgresSubscription = (handlers: BusHandlers): BusSubscription => {
  let client: pg.Client | null = null
  let closed = false
  let delay = RETRY_MIN_MS
  let timer: NodeJS.Timeout | null = null

  const retry = () => {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = null
      void connect()
    }, delay)
    delay = Math.min(delay * 2, RETRY_MAX_MS)
  }

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl(), application_name: LISTENER_NAME })
    // A lost connection is an event: unheard, it would end the process.
    next.on('error', () => {
      if (client === next) client = null
      next.end().catch(() => {})
      retry()
    })
    next.on('end', () => {
      if (client === next) {
        client = null
        retry()
      }
    })
    next.on('notification', (message) => {
      if (message.channel === EVENTS) handlers.onEvent(Number(message.payload))
      else if (message.channel === PRESENCE && message.payload) handlers.onPresence(message.payload)
      else if (message.channel === KICK) {
        const kick = readKick(message.payload)
        if (kick) handlers.onKick(kick)
      }
    })
    try {
      await next.connect()
      await listenOn(next, [EVENTS, PRESENCE, KICK])
    } catch {
      next.end().catch(() => {})
      retry()
      return
    }
    if (closed) {
      await next.end().catch(() => {})
      return
    }
    client = next
    delay = RETRY_MIN_MS
    handlers.onConnected()
  }

  void connect()
  return {
    publishPresence: async (payload) => {
      if (client) await notifyOn(client, PRESENCE, payload).catch(() => {})
    },
    close: async () => {
      closed = true
      if (timer) clearTimeout(timer)
      await client?.end().catch(() => {})
      client = null
    },
  }
}

const redisSubscription = (handlers: BusHandlers): BusSubscription => {
  // ioredis reconnects by itself and subscribes again to the channels it had.
  const subscriber = new Redis(redisUrl(), { maxRetriesPerRequest: null })
  subscriber.on('error', () => {})
  subscriber.on('ready', () => handlers.onConnected())
  subscriber.on('message', (channel: string, payload: string) => {
    if (channel === REDIS_PREFIX + EVENTS) handlers.onEvent(Number(payload))
    else if (channel === REDIS_PREFIX + PRESENCE) handlers.onPresence(payload)
    else if (channel === REDIS_PREFIX + KICK) {
      const kick = readKick(payload)
      if (kick) handlers.onKick(kick)
    }
  })
  void subscriber
    .subscribe(REDIS_PREFIX + EVENTS, REDIS_PREFIX + PRESENCE, REDIS_PREFIX + KICK)
    .catch(() => {})
  return {
    publishPresence: async (payload) => {
      await redisPublisher()
        .publish(REDIS_PREFIX + PRESENCE, payload)
        .catch(() => {})
    },
    close: async () => {
      subscriber.disconnect()
    },
  }
}
