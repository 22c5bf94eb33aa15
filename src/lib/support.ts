/**
 * Support tickets and resource verification (issue 14): their states, the moves between them and
 * the site paths that show them, shared by the collections, the API and the screens.
 */

/** A ticket is `open` while it waits for support, `answered` once support wrote last, `closed` at the end. */
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]

/**
 * A verification request is `sent`, then `awaitingReview` once a moderator takes it, then
 * `approved` or `rejected`; an approval can later be `revoked`.
 */
export const VERIFICATION_STATUSES = [
  'sent',
  'awaitingReview',
  'approved',
  'rejected',
  'revoked',
] as const
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number]

/** The states in which a request is still waiting: a resource has at most one such request. */
export const OPEN_VERIFICATION_STATUSES = [
  'sent',
  'awaitingReview',
] as const satisfies readonly VerificationStatus[]

/** The queue's filter for every request that needs a decision: sent and under review together. */
export const VERIFICATION_WAITING = 'waiting'

/** What a moderator may decide, from which states, and where it leads. */
export const VERIFICATION_DECISIONS = {
  review: { from: ['sent'], to: 'awaitingReview' },
  approve: { from: ['sent', 'awaitingReview'], to: 'approved' },
  reject: { from: ['sent', 'awaitingReview'], to: 'rejected' },
  revoke: { from: ['approved'], to: 'revoked' },
} as const satisfies Record<string, { from: readonly VerificationStatus[]; to: VerificationStatus }>
export type VerificationDecision = keyof typeof VERIFICATION_DECISIONS

/** Decisions the owner must be told a reason for. */
export const DECISIONS_WITH_REASON: readonly VerificationDecision[] = ['reject', 'revoke']

/** True when a request may move from `from` to `to` (by a decision, or staying where it is). */
export const isVerificationMove = (from: VerificationStatus, to: VerificationStatus) =>
  from === to ||
  Object.values(VERIFICATION_DECISIONS).some(
    (move) => move.to === to && (move.from as readonly VerificationStatus[]).includes(from),
  )

/** Items per page of the tickets and verification requests lists. */
export const SUPPORT_PAGE_SIZE = 10

/** Where the site shows one ticket. */
export const ticketPath = (id: number) => `/tickets/${id}`
