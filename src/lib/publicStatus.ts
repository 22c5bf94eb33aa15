/**
 * A resource's public status (issue 31): what admins tell visitors about it, apart from its
 * moderation status. `none` is the usual case; the others are shown as a label wherever it is.
 */
export const PUBLIC_STATUSES = ['none', 'warning', 'scam', 'closed', 'offline'] as const
export type PublicStatus = (typeof PUBLIC_STATUSES)[number]

/** The statuses a visitor may filter a listing by (`status-scam`). */
export const SHOWN_STATUSES = ['warning', 'scam', 'closed', 'offline'] as const
export type ShownStatus = (typeof SHOWN_STATUSES)[number]

/** Never among the best rated (the `best` sort, the home page's best of each type). */
export const NOT_BEST_STATUSES: readonly PublicStatus[] = ['scam', 'closed']

/**
 * A resource marked so keeps its addresses behind a warning page (`/resources/…/visit`): its pages
 * never offer them as a plain link or a button.
 */
export const leavesThroughWarning = (status: unknown): boolean => status === 'scam'

/** A closed resource takes no link checks' "online" and no invitation to be the first reviewer. */
export const isClosed = (status: unknown): boolean => status === 'closed'

/** The badge tone of each shown status: scam in danger colours, warning in warning colours. */
export const STATUS_TONES = {
  warning: 'warning',
  scam: 'danger',
  closed: 'neutral',
  offline: 'neutral',
} as const satisfies Record<ShownStatus, 'warning' | 'danger' | 'neutral'>

/** How long a change stays highlighted on /favorites when it came before the favourite. */
export const RECENT_CHANGE_DAYS = 30

export const isShownStatus = (value: unknown): value is ShownStatus =>
  (SHOWN_STATUSES as readonly unknown[]).includes(value)
