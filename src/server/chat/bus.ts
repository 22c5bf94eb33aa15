import 'server-only'

import { Redis } from 'ioredis'
import type { PayloadRequest } from 'payload'
import pg from 'pg'

import { databaseUrl } from '@/server/env'
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

const redisUrl = () => process.env.REDIS_URL || ''

let publisher: Redis | null = null
const redisPublisher = () => {
  publisher ??= new Redis(redisUrl(), { maxRetriesPerRequest: 2, lazyConnect: false })
  publisher.on('error', () => {})
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
 * Tells every instance that an account was blocked on the site: its open streams of the room end
 * (once the block commits, through Postgres).
 */
export const publishChatKick = async ({ req, userId }: { req: PayloadRequest; userId: number }) => {
  if (redisUrl()) {
    await redisPublisher()
      .publish(REDIS_PREFIX + KICK, String(userId))
      .catch(() => {})
    return
  }
  await notifyChannel(req, KICK, String(userId))
}

export type BusHandlers = {
  /** The room has events up to `seq`. */
  onEvent: (seq: number) => void
  /** Another instance's (or this one's) presence, as it published it. */
  onPresence: (payload: string) => void
  /** An account was blocked on the site. */
  onKick: (userId: number) => void
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
      else if (message.channel === KICK) handlers.onKick(Number(message.payload))
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${EVENTS}; LISTEN ${PRESENCE}; LISTEN ${KICK}`)
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
      await client?.query('select pg_notify($1, $2)', [PRESENCE, payload]).catch(() => {})
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
    else if (channel === REDIS_PREFIX + KICK) handlers.onKick(Number(payload))
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
