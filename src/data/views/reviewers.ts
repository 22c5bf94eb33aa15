import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/routing'
import { REVIEWER_PAGE_SIZE, loginOfAddress } from '@/lib/reviewers'
import { runSql } from '@/server/sql/run'
import type { Review } from '@payload-types'

import { loadAuthors } from './authors'
import { reviewViews } from './reviews'

type Reader = { payload: Payload; req?: PayloadRequest }

/**
 * A reviewer as their profile shows them: the public face and what readers weigh them by. Only
 * published reviews of published resources count, as only they are shown.
 */
export type ReviewerProfile = {
  id: number
  login: string
  display_name: string
  avatar: string | null
  member_since: string
  review_count: number
  helpful_count: number
}

/** Published reviews of published resources: what the public sees of anyone's reviews. */
const shownReviews = (authorId: number | ReturnType<typeof sql>) =>
  sql`FROM reviews v JOIN resources r ON r.id = v.resource_id
      WHERE v.author_id = ${authorId} AND v.status = 'published' AND r.status = 'published'`

/**
 * The reviewer whose profile `login` names, or null when there is none to show: no such login
 * (nor any value that could not be one), an account that is blocked or keeps its profile private.
 * A deleted account has no row. One indexed statement: the login's unique index, then the
 * author's reviews by `reviews_author_page_idx`.
 */
export const findReviewer = async ({
  payload,
  req,
  login,
}: Reader & { login: string }): Promise<ReviewerProfile | null> => {
  const wanted = loginOfAddress(login)
  if (!wanted) return null
  const { rows } = await runSql<{
    id: number
    username: string
    display_name: string
    created_at: string
    review_count: number
    helpful_count: number
  }>({
    payload,
    req,
    query: sql`SELECT u.id, u.username, u.display_name, u.created_at,
                 s.review_count, s.helpful_count
               FROM users u
               CROSS JOIN LATERAL (
                 SELECT count(*)::int AS review_count,
                        coalesce(sum(v.helpful_count), 0)::int AS helpful_count
                 ${shownReviews(sql`u.id`)}
               ) s
               WHERE u.username = ${wanted}
                 AND u.blocked IS NOT TRUE AND u.profile_private IS NOT TRUE`,
  })
  const row = rows[0]
  if (!row) return null
  const face = (await loadAuthors({ payload, req, ids: [row.id] })).get(row.id)
  return {
    id: row.id,
    login: row.username,
    display_name: row.display_name,
    avatar: face?.avatar ?? null,
    member_since: new Date(row.created_at).toISOString(),
    review_count: row.review_count,
    helpful_count: row.helpful_count,
  }
}

/**
 * One page of a reviewer's published reviews of published resources, newest first, each with its
 * resource, as review cards show them. The ids come from one statement on
 * `reviews_author_page_idx` (so a reviewer with thousands of reviews pages as fast as one with
 * ten), the reviews from the Local API.
 */
export const findReviewerReviews = async ({
  payload,
  req,
  reviewer,
  page,
  locale,
  limit = REVIEWER_PAGE_SIZE,
}: Reader & { reviewer: ReviewerProfile; page: number; locale: Locale; limit?: number }) => {
  const pages = Math.max(1, Math.ceil(reviewer.review_count / limit))
  if (page > pages) return { reviews: [], page, pages, total: reviewer.review_count }
  const { rows } = await runSql<{ id: number }>({
    payload,
    req,
    query: sql`SELECT v.id ${shownReviews(reviewer.id)}
               ORDER BY v.created_at DESC, v.id DESC
               LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
  })
  const order = new Map(rows.map((row, index) => [row.id, index]))
  const { docs } = rows.length
    ? await payload.find({
        collection: 'reviews',
        where: { id: { in: [...order.keys()] } },
        depth: 0,
        pagination: false,
        overrideAccess: true,
        req,
      })
    : { docs: [] as Review[] }
  const reviews = (docs as Review[]).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
  return {
    reviews: await reviewViews({ payload, req, locale, reviews }),
    page,
    pages,
    total: reviewer.review_count,
  }
}
