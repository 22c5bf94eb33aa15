/** How long a member's data archive may be downloaded once it is ready (issue 44). */
export const DATA_EXPORT_HOURS = 24

/** An archive still not built after this long counts as failed, and may be asked for again. */
export const DATA_EXPORT_STALE_MINUTES = 30

/** Where a member's data archive stands, as the privacy page shows it. */
export const DATA_EXPORT_STATES = ['pending', 'ready', 'downloaded', 'expired', 'failed'] as const
export type DataExportState = (typeof DATA_EXPORT_STATES)[number]
