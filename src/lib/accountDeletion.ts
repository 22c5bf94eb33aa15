/**
 * What deleting an account does to each kind of record (issue 44): the one list, which the
 * hooks that erase an account follow (hooks/users/eraseAccount.ts) and the privacy pages tell in
 * both languages (messages `account-deletion.removed.*` and `.kept.*`); a test holds the messages
 * to the list.
 */
export const REMOVED_WITH_ACCOUNT = [
  /** The account itself: login, email, name, avatar, settings, second factor, consent record. */
  'account',
  /** Its sessions (every device is signed out at once), session details and security log. */
  'sessions',
  /** Reviews it wrote (the resources' ratings are recomputed), its helpful votes and reports. */
  'reviews',
  /** Its comments on news and posts. */
  'comments',
  /** Favorites, notifications and mail settings; mails not yet sent to it. */
  'favorites',
  /** Files it uploaded to support, verification and the contact form; its data archive. */
  'files',
  /** Messages it sent through the contact form. */
  'contacts',
  /** A verification request still waiting for a decision. */
  'pendingVerification',
] as const

export const KEPT_WITHOUT_NAME = [
  /** Chat messages, shown as from "a deleted member". */
  'chat',
  /** Support tickets and their thread, closed, with no name or address. */
  'tickets',
  /** Verification decisions already taken, for the site's records, with no name or files. */
  'verification',
  /** Replies written for a resource's owner, shown without a name. */
  'replies',
  /** The block log's entries, with no login. */
  'blocks',
  /** Review invitations made for a resource: they stay with it, without the maker's name. */
  'invitations',
] as const

export type RemovedKind = (typeof REMOVED_WITH_ACCOUNT)[number]
export type KeptKind = (typeof KEPT_WITHOUT_NAME)[number]

/** Who carried a deletion out, as the deletions' log records it: the member, or an admin. */
// eslint-disable-next-line role-model/no-role-names -- the log's stored word, not a role asked
export const DELETION_ACTORS = ['self', 'admin'] as const
export type DeletionActor = (typeof DELETION_ACTORS)[number]

/** The log's word for a deletion: by the member themselves, or by an admin. */
export const deletionActor = ({ self }: { self: boolean }): DeletionActor =>
  DELETION_ACTORS[self ? 0 : 1]

/** What the deletions' log counts of each deleted account: removed, and (`kept…`) kept. */
export type DeletionCount =
  | 'reviews'
  | 'votes'
  | 'reports'
  | 'comments'
  | 'favorites'
  | 'contacts'
  | 'pendingVerification'
  | 'files'
  | 'notifications'
  | 'mails'
  | 'closedTickets'
  | 'keptChatMessages'
  | 'keptReplies'
