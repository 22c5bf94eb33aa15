/**
 * The shapes `/analitycs` and its calls show (types only: the API's declarations and the page's
 * browser code import them). Days are `YYYY-MM-DD` (UTC); numbers are plain counts unless named.
 */
import type { ResourceStatus, ResourceType } from '@/lib/resourceTypes'
import type { VerificationStatus } from '@/lib/support'

/** A period's figures for some resources. */
export type ResourceTotals = {
  views: number
  visitors: number
  /** Clicks on "Visit website" and on mirrors together. */
  clicks: number
  site_clicks: number
  mirror_clicks: number
  /** Clicks per view, 0..1; null without views. */
  ctr: number | null
  favorites_added: number
  favorites_removed: number
  reviews: number
  /** New reviews by grade, 1 to 5. */
  grades: [number, number, number, number, number]
  /** The new reviews' average grade; null without reviews. */
  average_grade: number | null
  helpful_votes: number
  reports: number
}

/** One day of the daily series. */
export type ResourceDay = { day: string } & ResourceTotals

/** One row of the resources table: a period against the previous one, views per day. */
export type ResourceAnalyticsRow = {
  id: number
  title: string
  type: ResourceType
  /** The resource's public page. */
  path: string
  totals: ResourceTotals
  previous: ResourceTotals
  /** Views per day over the period, for the sparkline. */
  views_by_day: number[]
}

/** GET /analytics: an owner's, operator's or admin's view of resources over a period. */
export type ResourceAnalytics = {
  from: string
  to: string
  previous_from: string
  previous_to: string
  /** The one resource asked for (`resource`), or null for all of the reader's. */
  resource: { id: number; title: string; path: string } | null
  totals: ResourceTotals
  previous: ResourceTotals
  days: ResourceDay[]
  /** The reader's resources, most viewed first (an admin's: the most viewed of the site). */
  resources: ResourceAnalyticsRow[]
  /** How many resources the reader has in all (the table shows at most ANALYTICS_TABLE_MAX). */
  resource_count: number
}

/** The whole site on one day (table `analytics_site_days`, built by the jobs queue). */
export type SiteDay = {
  day: string
  registrations: number
  /** Members who signed in or wrote anything (review, comment, chat, ticket) that day. */
  active_users: number
  reviews: number
  comments: number
  chat_messages: number
  /** New resources that day, by type and by their status now. */
  resources_by_type: Record<ResourceType, number>
  resources_by_status: Record<ResourceStatus, number>
  tickets_opened: number
  /** Tickets open (not closed) at the end of the day. */
  tickets_open: number
  /** Median seconds from a ticket's opening to support's first answer, tickets answered first that day. */
  first_answer_median_seconds: number | null
  /** Verification requests made that day by their state now. */
  verification_by_status: Record<VerificationStatus, number>
  /** Median seconds from a request to its decision, requests decided that day. */
  decision_median_seconds: number | null
  views: number
  visitors: number
  clicks: number
}

/** A period's site-wide figures: sums, and medians over the period's tickets and decisions. */
export type SiteTotals = Omit<SiteDay, 'day' | 'tickets_open'> & { tickets_open: number }

export type TopResource = { id: number; title: string; path: string; value: number }

/** GET /site-analytics (admins): the whole site over a period. */
export type SiteAnalytics = {
  from: string
  to: string
  previous_from: string
  previous_to: string
  totals: SiteTotals
  previous: SiteTotals
  days: SiteDay[]
  top_by_views: TopResource[]
  top_by_reviews: TopResource[]
  /** When the jobs queue last built the daily figures (ISO time), null if never. */
  built_at: string | null
}
