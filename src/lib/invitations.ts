/**
 * Review invitations (issue 47): an owner, or an operator who manages the resource, invites a
 * customer to review it, by a mail the site sends or by single-use links handed out in a batch.
 * The figures here are read by the collection, the site's calls and the pages alike.
 */
export const INVITATION_KINDS = ['email', 'link'] as const
export type InvitationKind = (typeof INVITATION_KINDS)[number]

/** An invitation is good for 30 days after it was made. */
export const INVITATION_TTL_DAYS = 30
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000

/** The most single-use links one batch makes (each spends one of the resource's sending points). */
export const INVITATION_BATCH_MAX = 100

/** An invitation's token: 32 random bytes, base64url (43 characters). */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export const isInvitationToken = (value: unknown): value is string =>
  typeof value === 'string' && INVITATION_TOKEN_PATTERN.test(value)

/** The public page an invitation's link opens. */
export const invitationPath = (token: string) => `/invitation/${token}`

/** What a link's visitor is told: it can be used, or why not. */
export const INVITATION_STATES = ['open', 'used', 'expired', 'unknown'] as const
export type InvitationState = (typeof INVITATION_STATES)[number]

/** The owner's figures for one resource: never which review came from which customer. */
export type InvitationCounts = { sent: number; opened: number; reviewed: number }
