/** Why a reader reports a review to the moderators (the report dialog's choices, in order). */
export const REPORT_REASONS = ['spam', 'offensive', 'fake', 'personal-data', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

/** A report waits in the admins' queue until they act on it or dismiss it. */
export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]
