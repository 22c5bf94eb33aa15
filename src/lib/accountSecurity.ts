/**
 * Account security (issue 32): what the security log records, which of it is mailed, and the
 * numbers of the sessions page and the backup codes. Pure values, read by both sides.
 */
export const SECURITY_EVENT_KINDS = [
  'sign-in',
  'sign-in-failed',
  'second-factor-failed',
  'new-browser',
  'sessions-ended',
  'second-factor-on',
  'second-factor-off',
  'second-factor-changed',
  'password-changed',
  'password-reset',
  'email-changed',
  'backup-codes-generated',
  'backup-code-used',
] as const

export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number]

/**
 * The events its holder is mailed about ("if this was not you…"). An email change is not here:
 * the old address is already told of it by the users collection (`tellOldAddress`).
 */
export const MAILED_SECURITY_EVENTS: ReadonlySet<SecurityEventKind> = new Set([
  'password-changed',
  'password-reset',
  'second-factor-off',
  'second-factor-changed',
  'backup-codes-generated',
  'new-browser',
])

/** How many backup codes a generation makes. */
export const BACKUP_CODE_COUNT = 10

/** A session's "last seen" is written at most this often per session. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000

/** Rows of the security log per page. */
export const SECURITY_EVENTS_PAGE_SIZE = 20
