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
