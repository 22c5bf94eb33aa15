import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { MODERATION_PAGE_SIZE, type ReportTab } from '@/lib/moderation'
import type { ReportReason, ReportStatus } from '@/lib/reviewReports'
import { runSql } from '@/server/sql/run'
import type { Review, ReviewReport, User } from '@payload-types'

import { populated } from './media'
import type { Reader } from './reader'
import { reviewView } from './reviews'

/** One reader's report as the moderators read it (nothing of it can be changed). */
const reportView = (report: ReviewReport) => {
  const reporter = populated<User>(report.reporter)
  const handler = populated<User>(report.handledBy)
  return {
    id: report.id,
    reason: report.reason as ReportReason,
    comment: report.comment || null,
    status: report.status as ReportStatus,
    created_at: report.createdAt,
    reporter: reporter ? { id: reporter.id, display_name: reporter.displayName } : null,
    handled_at: report.handledAt ?? null,
    handled_by: handler?.displayName ?? null,
  }
}

export type ReportView = ReturnType<typeof reportView>

/** A reported review with the reports on it: one item of the moderators' reports queue. */
export type ReportedReviewView = {
  review: ReturnType<typeof reviewView> & { hidden_at: string | null }
  author_blocked: boolean
  reports: ReportView[]
}

export type ReportedReviewPage = {
  reviews: ReportedReviewView[]
  page: number
  total_pages: number
  total: number
}

const reportStates = (tab: ReportTab) =>
  tab === 'open' ? sql`status = 'open'` : sql`status <> 'open'`

/** How many reviews have reports in `tab` (open: waiting for a decision). */
export const countReportedReviews = async ({
  payload,
  req,
  tab = 'open',
}: Reader & { tab?: ReportTab }) => {
  const { rows } = await runSql<{ total: number }>({
    payload,
    req,
    query: sql`SELECT count(DISTINCT review_id)::int AS total FROM review_reports
               WHERE ${reportStates(tab)}`,
  })
  return Number(rows[0]?.total ?? 0)
}

/**
 * One page of the reports queue: the reviews with reports in `tab`, each with its text, grade,
 * author and resource and every report of that tab on it. Open ones come longest waiting first,
 * handled ones latest decided first.
 */
export const findReportedReviews = async ({
  payload,
  req,
  locale,
  tab,
  page,
  reviewId,
}: Reader & { tab: ReportTab; page: number; reviewId?: number }): Promise<ReportedReviewPage> => {
  const limit = MODERATION_PAGE_SIZE
  const order =
    tab === 'open'
      ? sql`min(created_at) ASC, review_id ASC`
      : sql`max(handled_at) DESC NULLS LAST, review_id DESC`
  const only = reviewId === undefined ? sql`` : sql`AND review_id = ${reviewId}`
  const [{ rows }, total] = await Promise.all([
    runSql<{ id: number }>({
      payload,
      req,
      query: sql`SELECT review_id AS id FROM review_reports WHERE ${reportStates(tab)} ${only}
                 GROUP BY review_id ORDER BY ${order}
                 LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    }),
    reviewId === undefined ? countReportedReviews({ payload, req, tab }) : Promise.resolve(1),
  ])
  const ids = rows.map((row) => Number(row.id))
  const reviews = ids.length ? await reportedReviews({ payload, req, locale, tab, ids }) : []
  return { reviews, page, total_pages: Math.ceil(total / limit), total }
}

const reportedReviews = async ({
  payload,
  req,
  locale,
  tab,
  ids,
}: Reader & { tab: ReportTab; ids: number[] }): Promise<ReportedReviewView[]> => {
  const [found, reports] = await Promise.all([
    payload.find({
      collection: 'reviews',
      where: { id: { in: ids } },
      depth: 1,
      locale,
      pagination: false,
      populate: {
        users: { displayName: true, avatar: true, blocked: true },
        resources: { title: true, type: true, slug: true },
      },
      overrideAccess: true,
      req,
    }),
    payload.find({
      collection: 'review-reports',
      where: {
        and: [
          { review: { in: ids } },
          tab === 'open' ? { status: { equals: 'open' } } : { status: { not_equals: 'open' } },
        ],
      },
      sort: 'createdAt',
      depth: 1,
      pagination: false,
      select: {
        review: true,
        reporter: true,
        reason: true,
        comment: true,
        status: true,
        createdAt: true,
        handledBy: true,
        handledAt: true,
      },
      populate: { users: { displayName: true } },
      overrideAccess: true,
      req,
    }),
  ])
  const byId = new Map((found.docs as Review[]).map((review) => [review.id, review]))
  return ids.flatMap((id) => {
    const review = byId.get(id)
    if (!review) return []
    return [
      {
        review: {
          ...reviewView(review),
          hidden_at: review.hiddenAt ?? null,
        },
        author_blocked: Boolean(populated<User>(review.author)?.blocked),
        reports: (reports.docs as ReviewReport[])
          .filter((report) => relationOf(report.review) === id)
          .map(reportView),
      },
    ]
  })
}

const relationOf = (value: unknown) =>
  typeof value === 'object' && value !== null ? Number((value as { id: number }).id) : Number(value)
