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

/**
 * What may be done to many items of a queue at once (issue 42): each queue's own decisions, but
 * blocking an author, which stays one person at a time.
 */
export const BULK_ACTIONS = {
  reports: ['hide', 'dismiss'],
  held: ['publish', 'hide'],
  resources: ['approve', 'reject'],
  contacts: ['process', 'unprocess'],
} as const
export type BulkQueue = keyof typeof BULK_ACTIONS
export const BULK_QUEUES = Object.keys(BULK_ACTIONS) as BulkQueue[]
export type BulkAction = (typeof BULK_ACTIONS)[BulkQueue][number]
export const ALL_BULK_ACTIONS = [...new Set(Object.values(BULK_ACTIONS).flat())] as BulkAction[]

/** The decisions that say why: one reason for every item of the batch. */
export const BULK_ACTIONS_WITH_REASON: readonly BulkAction[] = ['hide', 'reject']

export const isBulkAction = (queue: BulkQueue, action: string): action is BulkAction =>
  (BULK_ACTIONS[queue] as readonly string[]).includes(action)

/** The most items one bulk call decides (a queue's page is MODERATION_PAGE_SIZE). */
export const MODERATION_BULK_MAX = 50

/** How long after a decision the server still undoes it. */
export const MODERATION_UNDO_SECONDS = 60

/** How long the toast offers "Undo" (it waits while pointed at or focused). */
export const UNDO_OFFER_MS = 15_000

/**
 * A decision that can be undone for a short time: its signed `token` (the undo call takes it),
 * until when, and how many of its items already told someone (an owner's mail, a team's
 * notification), which an undo cannot take back.
 */
export type UndoOffer = { token: string; expires_at: string; notified: number }

/** An item of a batch that was not decided (or not undone), and why, in the caller's language. */
export type ItemFailure = { id: number; code: string; message: string }

/** A bulk call's answer: the items decided, those that were not and why, and its undo. */
export type BulkOutcome = { done: number[]; failed: ItemFailure[]; undo: UndoOffer | null }

/** The undo call's answer: the items put back, and those that could not be, and why. */
export type UndoOutcome = { undone: number[]; failed: ItemFailure[] }
