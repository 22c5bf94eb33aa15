import { LOGIN_PATTERN } from './limits'

/**
 * What the site tells a user about (issue 32): each kind is one in-site notification and, as the
 * user's settings say, a mail at once, in a daily digest or never. The order is the settings'.
 */
export const NOTIFICATION_KINDS = [
  /** A new review on a resource the user owns, or operates as an employee of its type. */
  'new-review',
  /** The resource's owner (or an operator) answered the user's review. */
  'review-reply',
  /** Someone answered the user's comment under a news item or a post. */
  'comment-reply',
  /** Support answered the user's ticket. */
  'ticket-answered',
  /** A verification request of the user's (or on their resource) was decided. */
  'verification-decided',
  /** A favourite resource's public status changed (warning, scam, closed, offline, none). */
  'favorite-status',
  /** A favourite resource's owner answered a review. */
  'favorite-reply',
  /** Someone mentioned the user (`@username`) in the chat. */
  'chat-mention',
] as const

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly unknown[]).includes(value)

/** Notifications per page of `/notifications` (and of `/get-notifications` unless asked). */
export const NOTIFICATIONS_PAGE_SIZE = 20

/** How many the header's bell lists. */
export const NOTIFICATIONS_BELL_SIZE = 5

/**
 * How often an open page asks the unread count again while its tab is shown: a notification is
 * news within a minute, and a tab left open costs the server one small count a minute.
 */
export const NOTIFICATIONS_REFRESH_MS = 60_000

/** The longest snippet a notification keeps of its event's text, the ellipsis included. */
export const NOTIFICATION_SNIPPET_MAX = 140

const ENDS_OF_WORDS = /[\s,;:.!?…—–-]+$/u

/**
 * What a notification quotes of its event's text (a review, a reply, a comment, a chat message,
 * support's answer, a moderator's reason): plain text on one line, cut after the last whole word
 * that fits NOTIFICATION_SNIPPET_MAX with an ellipsis; null when there is no text. The length is
 * counted as the database and Payload count it (UTF-16 units), and never splits a character.
 */
export const snippetOf = (text: string | null | undefined): string | null => {
  const plain = (text ?? '')
    // Control characters and the direction marks, which would turn the sentence around it.
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (!plain) return null
  if (plain.length <= NOTIFICATION_SNIPPET_MAX) return plain
  let head = ''
  for (const character of plain) {
    if (head.length + character.length > NOTIFICATION_SNIPPET_MAX - 1) break
    head += character
  }
  const next = plain.slice(head.length, head.length + 1)
  const lastSpace = head.lastIndexOf(' ')
  // A cut inside a word goes back to the word's start, unless the word is most of the snippet.
  const whole =
    /\s/.test(next) || lastSpace < NOTIFICATION_SNIPPET_MAX / 2 ? head : head.slice(0, lastSpace)
  return `${whole.replace(ENDS_OF_WORDS, '')}…`
}

/** At most this many people are told of one chat message's mentions. */
export const CHAT_MENTIONS_MAX = 5

/**
 * The logins a chat message names (`@login`), each once as written, at most CHAT_MENTIONS_MAX: the
 * server tells them (`chat-mention`), the chat page asks the bell again when the reader is one.
 */
export const mentionedLogins = (text: string): string[] => {
  const found = new Set<string>()
  for (const match of text.matchAll(/(?:^|[^a-zA-Z0-9._@-])@([a-zA-Z0-9._-]{3,32})/g)) {
    // A sentence's full stop after a name is no part of it.
    const login = match[1].replace(/[.]+$/, '')
    if (LOGIN_PATTERN.test(login)) found.add(login)
    if (found.size >= CHAT_MENTIONS_MAX) break
  }
  return [...found]
}
