import { ANALYTICS_MAX_DAYS } from './analytics'
import { LINK_CHECK_LIMITS } from './limits'
import { DATA_EXPORT_HOURS } from './privacy'

/**
 * How long the site keeps each kind of record, in days: the one list. The hourly clean-ups enforce
 * each period (src/server/cleanUp.ts) and the privacy page tells them in both languages
 * (RetentionList, messages `retention.*`); a test holds all three together.
 */
export const RETENTION = {
  /** A session's token: until it ends (sign-out, or its expiry), then removed within the hour. */
  sessions: 0,
  /** What is known of a session (browser, address) after it ended and was last seen. */
  sessionDetails: 180,
  /** The security log: sign-ins, failed attempts, changes to the account. */
  securityLog: 365,
  /** A message sent through the contact form, once handled, with its files. */
  contactMessages: 365,
  /** A review hidden by a moderator, from when it was hidden. */
  hiddenReviews: 365,
  /** A review held for the moderators and never approved, from when it was written. */
  heldReviews: 90,
  /** A mail: removed once sent; one that could not be sent is kept as a failed job. */
  sentMails: 0,
  /** A finished job of the queue. */
  finishedJobs: 7,
  /** A job that failed for good (a mail that could not be sent among them), with its reason. */
  failedJobs: 90,
  /** The analytics' daily counts (no addresses, no accounts): as far back as a report reaches. */
  analyticsDays: ANALYTICS_MAX_DAYS,
  /** The availability monitor's checks of a resource's addresses. */
  linkChecks: LINK_CHECK_LIMITS.historyDays,
  /** A member's data archive: until downloaded, at most a day. */
  dataArchives: DATA_EXPORT_HOURS / 24,
} as const

export type RetainedKind = keyof typeof RETENTION
