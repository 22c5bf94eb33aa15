import 'server-only'

/** What the chat's hub hands its readers, and what it asks of its caller. */

/** One event of the room, as every reader gets it: a new message, or a message removed. */
export type ChatEvent = {
  seq: number
  type: 'message' | 'removed'
  data: unknown
}

/** An event written once as a server-sent event frame, for every reader. */
export type ChatFrame = { seq: number; text: string }

export type ChatReader = {
  /** Events in `seq` order, each exactly once. */
  onFrames: (frames: ChatFrame[]) => void
  /** How many people are in the room, on every instance. */
  onOnline: (count: number) => void
  /** The reader's account was blocked on the site: the stream ends. */
  onBlocked: () => void
  /** The reader's account was blocked in the chat (true) or let write again (false). */
  onChatBlock: (blocked: boolean) => void
}

/** Who holds a stream: the member (null for a guest) and the client's address (null if unknown). */
export type ReaderSlot = { userId: number | null; address: string | null }

/** The most streams one member, and one address, may hold on this instance. */
export type StreamCaps = { perMember: number; perAddress: number }

/** Reads the room's events after `seq`, in order, at most `limit`. */
export type ChatEventLoader = (after: number, limit: number) => Promise<ChatEvent[]>

export const toFrame = (event: ChatEvent): ChatFrame => ({
  seq: event.seq,
  text: `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`,
})
