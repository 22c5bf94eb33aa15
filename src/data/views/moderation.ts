import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/routing'
import {
  MODERATION_PAGE_SIZE,
  type ReportTab,
  type ResourceTab,
  type WaitingCounts,
} from '@/lib/moderation'
import type { ReportReason, ReportStatus } from '@/lib/reviewReports'
import { OPEN_VERIFICATION_STATUSES } from '@/lib/support'
import { runSql } from '@/server/sql/run'
import type { Resource, Review, ReviewReport, User } from '@payload-types'

import { populated } from './media'
import { resourceSummary } from './resources'
import { type ReviewView, findReviewPage, reviewView } from './reviews'

type Reader = { payload: Payload; req?: Partial<PayloadRequest>; locale?: Locale }

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

/** A resource in the moderators' queue: what the directory would show, its owner and links. */
export const moderatedResourceView = (resource: Resource) => {
  const owner = populated<User>(resource.owner)
  return {
    ...resourceSummary(resource),
    links: (resource.links ?? []).map((link) => link.url),
    owner: owner ? { id: owner.id, display_name: owner.displayName } : null,
    created_at: resource.createdAt,
    updated_at: resource.updatedAt,
    rejection_reason: resource.rejectionReason ?? null,
    moderated_at: resource.moderatedAt ?? null,
  }
}

export type ModeratedResourceView = ReturnType<typeof moderatedResourceView>

export type ModeratedResourcePage = {
  resources: ModeratedResourceView[]
  page: number
  total_pages: number
  total: number
}

/**
 * One page of the resources queue: those waiting for approval, oldest first, or the rejected
 * ones, latest rejected first; titled in `locale`.
 */
export const findModeratedResources = async ({
  payload,
  req,
  locale,
  tab,
  page,
}: Reader & { tab: ResourceTab; page: number }): Promise<ModeratedResourcePage> => {
  const found = await payload.find({
    collection: 'resources',
    where: { status: { equals: tab } },
    sort: tab === 'pending' ? ['createdAt', 'id'] : ['-moderatedAt', '-id'],
    page,
    limit: MODERATION_PAGE_SIZE,
    depth: 1,
    locale,
    populate: { users: { displayName: true }, media: { url: true, sizes: true } },
    overrideAccess: true,
    req,
  })
  return {
    resources: (found.docs as Resource[]).map(moderatedResourceView),
    page,
    total_pages: found.totalPages,
    total: found.totalDocs,
  }
}

/** One resource as the queue shows it, in `locale`; null when there is none. */
export const findModeratedResource = async ({
  payload,
  req,
  locale,
  id,
}: Reader & { id: number }) => {
  const found = await payload.find({
    collection: 'resources',
    where: { id: { equals: id } },
    depth: 1,
    locale,
    limit: 1,
    populate: { users: { displayName: true }, media: { url: true, sizes: true } },
    overrideAccess: true,
    req,
  })
  const resource = found.docs[0] as Resource | undefined
  return resource ? moderatedResourceView(resource) : null
}

/**
 * What waits for the moderators, each the size of its queue: reviews with open reports, tickets
 * waiting for support's answer, verification requests to decide (sent or under review),
 * resources waiting for approval, resources whose new PGP key waits for an admin and contact
 * messages nobody has handled. The site's dashboard (/moderation), its call and the admin's
 * dashboard panel all show these.
 */
export const waitingCounts = async ({ payload, req }: Reader): Promise<WaitingCounts> => {
  const count = async (
    collection: 'reviews' | 'tickets' | 'verification-requests' | 'resources' | 'contact-messages',
    where: Parameters<Payload['count']>[0]['where'],
  ) => (await payload.count({ collection, where, overrideAccess: true, req })).totalDocs
  const [reports, held, tickets, verification, resources, keys, contacts] = await Promise.all([
    countReportedReviews({ payload, req, tab: 'open' }),
    count('reviews', { status: { equals: 'pending' } }),
    count('tickets', { status: { equals: 'open' } }),
    count('verification-requests', { status: { in: [...OPEN_VERIFICATION_STATUSES] } }),
    count('resources', { status: { equals: 'pending' } }),
    count('resources', { pendingPgpKeyAt: { exists: true } }),
    count('contact-messages', { handled: { not_equals: true } }),
  ])
  return { reports, held, tickets, verification, resources, keys, contacts }
}

/**
 * The reviews the review guard held (status `pending`), oldest first, with what their authors are
 * weighed by, each with its resource: the held reviews' queue (admins).
 */
export const findHeldReviews = async ({
  payload,
  req,
  locale,
  page,
}: Reader & { page: number }): Promise<HeldReviewPage> => {
  const found = await findReviewPage({
    payload,
    req: req as PayloadRequest | undefined,
    locale,
    where: { status: { equals: 'pending' } },
    sort: ['createdAt', 'id'],
    page,
    limit: MODERATION_PAGE_SIZE,
  })
  return { reviews: found.reviews, page, total_pages: found.pages, total: found.total }
}

export type HeldReviewPage = {
  reviews: ReviewView[]
  page: number
  total_pages: number
  total: number
}
