/**
 * Analytics (`/analitycs`): what is counted, the ranges a reader picks, and the CSV rules. Pure, so
 * the server's readers, the API's schemas and the page's code share one definition. Days are UTC
 * calendar days (`YYYY-MM-DD`); the page formats them in the reader's locale.
 */

/** What a visitor's browser reports (POST /api/track): a resource page seen, or a link followed. */
export const TRACK_EVENTS = ['view', 'click'] as const
export type TrackEvent = (typeof TRACK_EVENTS)[number]

/** Which of a resource's links was followed: its website (the first link) or a mirror. */
export const TRACK_LINKS = ['site', 'mirror'] as const
export type TrackLink = (typeof TRACK_LINKS)[number]

/**
 * The per-resource, per-day counters (table `analytics_resource_days`): recorded from the browser
 * (views, unique visitors, clicks) or by the collections' hooks behind every door (favorites,
 * reviews and their grades, helpful votes, reports).
 */
export const RESOURCE_COUNTERS = [
  'views',
  'visitors',
  'site_clicks',
  'mirror_clicks',
  'favorites_added',
  'favorites_removed',
  'reviews',
  'grade_1',
  'grade_2',
  'grade_3',
  'grade_4',
  'grade_5',
  'helpful_votes',
  'reports',
] as const
export type ResourceCounter = (typeof RESOURCE_COUNTERS)[number]

/** The counters the browser's reports feed (the others are written in the writer's transaction). */
export const TRACKED_COUNTERS = ['views', 'visitors', 'site_clicks', 'mirror_clicks'] as const
export type TrackedCounter = (typeof TRACKED_COUNTERS)[number]

export const GRADES = [1, 2, 3, 4, 5] as const

/** The ranges a reader picks; `custom` takes `from` and `to`. */
export const ANALYTICS_RANGES = ['7d', '30d', '90d', '12m', 'custom'] as const
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number]
export const DEFAULT_RANGE: AnalyticsRange = '30d'

/** The longest custom range, in days (two years: a year against the one before). */
export const ANALYTICS_MAX_DAYS = 731

/** How many resources the resources table shows at most (an admin's: the most viewed). */
export const ANALYTICS_TABLE_MAX = 100

/** How many resources each of the admin's top lists shows. */
export const ANALYTICS_TOP = 10

const DAY_MS = 86_400_000

/** A UTC day as `YYYY-MM-DD`. */
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10)

/** `day` moved by `days` (negative: back). */
export const addDays = (day: string, days: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS))

/** The days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1

/** Every day from `from` to `to`, in order. */
export const eachDay = (from: string, to: string): string[] =>
  Array.from({ length: Math.max(0, daysBetween(from, to)) }, (_, i) => addDays(from, i))

/**
 * True for a real calendar day written `YYYY-MM-DD` (no 2026-02-30), from 1970 to 2999: the
 * period before it must be a day too.
 */
export const isDay = (value: string): boolean =>
  /^(19[7-9]\d|2\d{3})-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  dayOf(new Date(`${value}T00:00:00Z`)) === value

export type Period = { from: string; to: string }

/**
 * The period a range names, ending today (UTC): `7d` is today and the six days before; `12m` the
 * 365 days to today. `custom` is `from`..`to` as given (checked by the API's schema).
 */
export const periodOf = (
  range: AnalyticsRange,
  today: string,
  custom?: Partial<Period>,
): Period => {
  if (range === 'custom' && custom?.from && custom.to) return { from: custom.from, to: custom.to }
  const length = range === '7d' ? 7 : range === '90d' ? 90 : range === '12m' ? 365 : 30
  return { from: addDays(today, -(length - 1)), to: today }
}

/** The period of the same length just before `period`, which its figures are compared with. */
export const previousPeriod = ({ from, to }: Period): Period => {
  const length = daysBetween(from, to)
  return { from: addDays(from, -length), to: addDays(from, -1) }
}

/** The change from `previous` to `current` in per cent, or null when there was nothing before. */
export const percentChange = (current: number, previous: number): number | null =>
  previous === 0 ? (current === 0 ? 0 : null) : ((current - previous) / previous) * 100

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: text that a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@`, a tab or a carriage return first) is prefixed with `'` (OWASP's
 * advice), and a cell holding a comma, quote or line break is quoted. Numbers stay numbers.
 */
export const csvCell = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Rows to CSV text, CRLF between rows as RFC 4180 has it, with a BOM so Excel reads UTF-8. */
export const toCsv = (rows: (string | number | null | undefined)[][]): string =>
  `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
