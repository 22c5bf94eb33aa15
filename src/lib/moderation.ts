/**
 * The moderators' queues (issue 28): what each holds, what may be done in it, and where the site
 * shows it. Shared by the collections' hooks, the API and the screens.
 */

/** Items per page of the moderation queues. */
export const MODERATION_PAGE_SIZE = 10

/** The reported reviews' tabs: reports waiting for a decision, and those decided. */
export const REPORT_TABS = ['open', 'handled'] as const
export type ReportTab = (typeof REPORT_TABS)[number]

/**
 * What a moderator does with a reported review: hide it (its author reads why), dismiss the
 * reports on it, or block its author on the site (the reports count as actioned).
 */
export const REVIEW_MODERATION_ACTIONS = ['hide', 'dismiss', 'block'] as const
export type ReviewModerationAction = (typeof REVIEW_MODERATION_ACTIONS)[number]

/** A resource waiting for approval is approved (published) or rejected with a reason. */
export const RESOURCE_DECISIONS = ['approve', 'reject'] as const
export type ResourceDecision = (typeof RESOURCE_DECISIONS)[number]

/** The resources' tabs in their queue: waiting for a decision, and rejected ones. */
export const RESOURCE_TABS = ['pending', 'rejected'] as const
export type ResourceTab = (typeof RESOURCE_TABS)[number]

/** A review the review guard held is published or hidden (with a reason its author reads). */
export const HELD_REVIEW_DECISIONS = ['publish', 'hide'] as const
export type HeldReviewDecision = (typeof HELD_REVIEW_DECISIONS)[number]

/** Where the site shows each queue (without the language prefix). */
export const MODERATION_PATHS = {
  dashboard: '/moderation',
  reports: '/moderation/reports',
  held: '/moderation/reviews',
  resources: '/moderation/resources',
  contacts: '/moderation/contacts',
  tickets: '/tickets',
  verification: '/resource-check',
  /** Payload's admin, its resources filtered to those whose new PGP key waits (issue 42). */
  keys: '/admin/collections/resources?where[pendingPgpKeyAt][exists]=true',
} as const

/**
 * The queues worked in Payload's admin, whose addresses take no language prefix: a resource's new
 * PGP key is decided in its edit view.
 */
export const isAdminQueue = (queue: WaitingQueue) => queue === 'keys'

/** A resource's edit view in Payload's admin (no language prefix). */
export const adminResourcePath = (id: number) => `/admin/collections/resources/${id}`

/** What waits for the moderators, counted on the dashboard, in the order it shows them. */
export const WAITING_QUEUES = [
  'reports',
  'held',
  'tickets',
  'verification',
  'resources',
  'keys',
  'contacts',
] as const
export type WaitingQueue = (typeof WAITING_QUEUES)[number]
export type WaitingCounts = Record<WaitingQueue, number>

/**
 * A review's states: published, hidden by a moderator (with a reason its author reads), or
 * pending: held by the review guard (REVIEW_GUARD in limits.ts) until an admin publishes or hides it.
 */
export const REVIEW_STATUSES = ['published', 'hidden', 'pending'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]
