import 'server-only'

import { randomUUID } from 'node:crypto'

import { type BusSubscription, subscribeToBus } from './bus'
import {
  type ChatEvent,
  type ChatEventLoader,
  type ChatReader,
  type ReaderSlot,
  type StreamCaps,
  toFrame,
} from './events'

const LOAD_STEP = 500
/** A reader that misses the bus still gets every event within this time. */
const POLL_MS = 2000
/** An event announced before its commit (Redis) is looked for again this often, this many times. */
const RETRY_MS = 100
const RETRIES = 30
const PRESENCE_EVERY_MS = 10_000
const PRESENCE_TTL_MS = 30_000
const PRESENCE_USERS_MAX = 1500
const ONLINE_EVERY_MS = 1000

type Presence = { users: number[]; guests: number; at: number }

/**
 * This instance's side of the live chat: one bus subscription, however many readers. Told by the
 * bus that the room changed, it reads the new events once from the database, in `seq` order,
 * writes each as a frame once and hands it to every reader, so that readers on every instance get
 * the same events in the same order. It also polls, so an announcement lost while the bus was
 * away (a database restart) delays events but never loses one. Presence (who is reading) is
 * published on the bus by each instance, so the online count covers them all.
 */
export class ChatHub {
  private readonly readers = new Map<ChatReader, ReaderSlot>()
  private readonly perMember = new Map<number, number>()
  private readonly perAddress = new Map<string, number>()
  private readonly instance = randomUUID()
  private readonly presence = new Map<string, Presence>()
  private lastSeq = 0
  private wanted = 0
  private retries = 0
  private loading = false
  private again = false
  private online = 0
  private toldOnline = 0
  private onlineTimer: NodeJS.Timeout | null = null
  private presenceTimer: NodeJS.Timeout | null = null
  private bus: BusSubscription | null = null
  private timers: NodeJS.Timeout[] = []

  constructor(private readonly load: ChatEventLoader) {}

  async start(currentSeq: number) {
    this.lastSeq = currentSeq
    this.bus = subscribeToBus({
      onEvent: (seq) => this.fetch(seq),
      onPresence: (payload) => this.takePresence(payload),
      onKick: ({ userId, scope }) => {
        for (const [reader, slot] of this.readers) {
          if (slot.userId !== userId) continue
          if (scope === 'site') reader.onBlocked()
          else reader.onChatBlock(scope === 'chat')
        }
      },
      onConnected: () => {
        this.fetch()
        this.sharePresence()
      },
    })
    const poll = setInterval(() => {
      if (this.readers.size) this.fetch()
    }, POLL_MS)
    const share = setInterval(() => this.sharePresence(), PRESENCE_EVERY_MS)
    poll.unref()
    share.unref()
    this.timers.push(poll, share)
  }

  /** The highest event every reader of this instance has been handed (or is being handed). */
  get seq() {
    return this.lastSeq
  }

  get onlineCount() {
    return this.online
  }

  get readerCount() {
    return this.readers.size
  }

  /**
   * Adds a reader (a signed-in user's id, or null for a guest, and its client's address); returns
   * its removal, which frees its slot. Null when the member or the address already holds as many
   * streams as `caps` allow on this instance: the caller refuses the stream. An unknown address
   * (the app served without its own server) counts for nobody: it would be everyone's.
   */
  join(reader: ChatReader, slot: ReaderSlot, caps?: StreamCaps): (() => void) | null {
    const { userId, address } = slot
    if (caps) {
      if (userId !== null && (this.perMember.get(userId) ?? 0) >= caps.perMember) return null
      if (address !== null && (this.perAddress.get(address) ?? 0) >= caps.perAddress) return null
    }
    this.readers.set(reader, slot)
    if (userId !== null) this.perMember.set(userId, (this.perMember.get(userId) ?? 0) + 1)
    if (address !== null) this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1)
    this.schedulePresence()
    return () => {
      if (!this.readers.delete(reader)) return
      if (userId !== null) release(this.perMember, userId)
      if (address !== null) release(this.perAddress, address)
      this.schedulePresence()
    }
  }

  /** How many streams a member, or an address, holds on this instance. */
  streamsOf({ userId, address }: Partial<ReaderSlot>) {
    if (userId != null) return this.perMember.get(userId) ?? 0
    return address != null ? (this.perAddress.get(address) ?? 0) : 0
  }

  /** Reads the events after the last one handed out; `seq` is one the bus announced. */
  fetch(seq?: number) {
    if (seq && seq > this.wanted) {
      this.wanted = seq
      this.retries = 0
    }
    if (this.loading) {
      this.again = true
      return
    }
    void this.drain()
  }

  private async drain() {
    this.loading = true
    try {
      do {
        this.again = false
        let events: ChatEvent[] = []
        try {
          events = await this.load(this.lastSeq, LOAD_STEP)
        } catch {
          // The database is away: the poll reads again once it is back.
          break
        }
        if (!events.length) continue
        this.lastSeq = events[events.length - 1].seq
        const frames = events.map(toFrame)
        for (const reader of this.readers.keys()) reader.onFrames(frames)
        if (events.length === LOAD_STEP) this.again = true
      } while (this.again)
    } finally {
      this.loading = false
    }
    if (this.wanted > this.lastSeq && this.retries < RETRIES) {
      this.retries += 1
      const timer = setTimeout(() => this.fetch(), RETRY_MS)
      timer.unref()
    }
  }

  private ownPresence(): Presence {
    const users = new Set<number>()
    let guests = 0
    for (const { userId } of this.readers.values()) {
      if (userId === null) guests += 1
      else users.add(userId)
    }
    return { users: [...users].slice(0, PRESENCE_USERS_MAX), guests, at: Date.now() }
  }

  private schedulePresence() {
    this.presence.set(this.instance, this.ownPresence())
    this.recount()
    if (this.presenceTimer) return
    this.presenceTimer = setTimeout(() => {
      this.presenceTimer = null
      this.sharePresence()
    }, 300)
    this.presenceTimer.unref()
  }

  private sharePresence() {
    const own = this.ownPresence()
    this.presence.set(this.instance, own)
    this.recount()
    void this.bus?.publishPresence(JSON.stringify({ i: this.instance, ...own }))
  }

  private takePresence(payload: string) {
    try {
      const { i, users, guests, at } = JSON.parse(payload) as Presence & { i: string }
      if (typeof i !== 'string' || i === this.instance || !Array.isArray(users)) return
      this.presence.set(i, { users, guests: Number(guests) || 0, at: Number(at) || Date.now() })
      this.recount()
    } catch {
      // Not ours.
    }
  }

  private recount() {
    const now = Date.now()
    const users = new Set<number>()
    let guests = 0
    for (const [instance, presence] of this.presence) {
      if (instance !== this.instance && now - presence.at > PRESENCE_TTL_MS) {
        this.presence.delete(instance)
        continue
      }
      for (const user of presence.users) users.add(user)
      guests += presence.guests
    }
    this.online = users.size + guests
    // Told at most once a second: a crowd arriving is one message to each reader, not one per
    // arrival to everyone.
    if (this.onlineTimer || this.online === this.toldOnline) return
    this.onlineTimer = setTimeout(() => {
      this.onlineTimer = null
      if (this.online === this.toldOnline) return
      this.toldOnline = this.online
      for (const reader of this.readers.keys()) reader.onOnline(this.online)
    }, ONLINE_EVERY_MS)
    this.onlineTimer.unref()
  }

  async close() {
    for (const timer of this.timers) clearInterval(timer)
    if (this.onlineTimer) clearTimeout(this.onlineTimer)
    if (this.presenceTimer) clearTimeout(this.presenceTimer)
    await this.bus?.close()
  }
}

/** One slot fewer in a count; a count of none is forgotten. */
const release = <K>(counts: Map<K, number>, key: K) => {
  const left = (counts.get(key) ?? 0) - 1
  if (left > 0) counts.set(key, left)
  else counts.delete(key)
}

const HUB_KEY = Symbol.for('obzor.chatHub')
type Global = typeof globalThis & { [HUB_KEY]?: Promise<ChatHub> }

/** This process's hub, started on first use. */
export const chatHub = (load: ChatEventLoader, currentSeq: () => Promise<number>) => {
  const global = globalThis as Global
  global[HUB_KEY] ??= (async () => {
    const hub = new ChatHub(load)
    await hub.start(await currentSeq())
    return hub
  })().catch((error) => {
    delete global[HUB_KEY]
    throw error
  })
  return global[HUB_KEY]
}

/** The chat streams open on this instance (none before the hub starts). */
export const openChatStreams = async () => {
  const hub = await (globalThis as Global)[HUB_KEY]?.catch(() => null)
  return hub?.readerCount ?? 0
}

/** Stops this process's hub (its bus connection and timers), when the app shuts down. */
export const closeChatHub = async () => {
  const global = globalThis as Global
  const hub = global[HUB_KEY]
  delete global[HUB_KEY]
  await (await hub?.catch(() => null))?.close()
}
