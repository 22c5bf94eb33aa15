import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest, Where } from 'payload'

import type { Locale } from '@/i18n/routing'
import { wasNewAccount } from '@/lib/limits'
import { runSql } from '@/server/sql/run'
import { onManagedResources, relationId } from '@access/resources'
import type { Resource, Review, User } from '@payload-types'

import { imageUrl, populated } from './media'
import { resourcePath } from './resources'

/** Published reviews per author, for readers to weigh an author by (see reviewView). */
export type AuthorReviewCounts = ReadonlyMap<number, number>

/**
 * A review as the API shows it; comment and reply are plain text for the client to show as text.
 * Its author comes with what readers weigh a review by: since when they are a member, whether
 * their account was new when they wrote it, and (where `authorReviews` is given) how many
 * published reviews they have written.
 */
export const reviewView = (review: Review, authorReviews?: AuthorReviewCounts) => {
  const author = populated<User>(review.author)
  const resource = populated<Resource>(review.resource)
  const replier = populated<User>(review.reply?.author)
  return {
    id: review.id,
    grade: review.grade,
    title: review.title || null,
    comment: review.comment,
    helpful_count: review.helpfulCount ?? 0,
    criteria: (review.criteria as Record<string, number> | null) ?? {},
    status: review.status,
    /** Why the moderators hid it, for its author (null while it is published). */
    hidden_reason: review.status === 'hidden' ? (review.hiddenReason ?? null) : null,
    created_at: review.createdAt,
    updated_at: review.updatedAt,
    author: author
      ? {
          id: author.id,
          display_name: author.displayName,
          avatar: imageUrl(author.avatar, 'thumbnail'),
          member_since: author.createdAt ?? null,
          new_account: author.createdAt ? wasNewAccount(author.createdAt, review.createdAt) : false,
          review_count: authorReviews ? (authorReviews.get(author.id) ?? 0) : null,
        }
      : null,
    resource: resource
      ? {
          id: resource.id,
          type: resource.type,
          title: resource.title,
          path: resourcePath(resource),
        }
      : null,
    reply: review.reply?.text
      ? {
          text: review.reply.text,
          replied_at: review.reply.repliedAt ?? null,
          author: replier?.displayName ?? null,
        }
      : null,
  }
}

export type ReviewView = ReturnType<typeof reviewView>

/** What a review shows of its author and its resource; nothing more is read. */
const REVIEW_POPULATE = {
  users: { displayName: true, avatar: true, createdAt: true },
  resources: { title: true, type: true, slug: true },
} as const

type Reader = { payload: Payload; req?: PayloadRequest; locale?: Locale }

/** How many published reviews each author of `reviews` has written: one grouped, indexed count. */
const countAuthorReviews = async ({
  payload,
  req,
  reviews,
}: Reader & { reviews: Review[] }): Promise<AuthorReviewCounts> => {
  const ids = [...new Set(reviews.map((review) => relationId(review.author)))].filter(
    (id): id is number => id !== null,
  )
  if (!ids.length) return new Map()
  const { rows } = await runSql<{ author_id: number; count: string }>({
    payload,
    req,
    query: sql`SELECT author_id, count(*) AS count FROM reviews
               WHERE status = 'published'
                 AND author_id IN (${sql.join(
                   ids.map((id) => sql`${id}`),
                   sql`, `,
                 )})
               GROUP BY author_id`,
  })
  return new Map(rows.map((row) => [Number(row.author_id), Number(row.count)]))
}

/** The API's view of `reviews`, each author with their count of published reviews. */
const reviewViews = async (reader: Reader & { reviews: Review[] }) => {
  const counts = await countAuthorReviews(reader)
  return reader.reviews.map((review) => reviewView(review, counts))
}
type PageOf = { page: number; limit: number }

/**
 * One page of the reviews matching `where`, newest first unless told otherwise, as the API shows
 * them with the page's place in the whole. `withResource: false` leaves out each review's
 * resource, for a page about that resource.
 */
export const findReviewPage = async ({
  payload,
  req,
  where,
  sort = '-createdAt',
  page,
  limit,
  locale,
  withResource = true,
}: Reader &
  PageOf & {
    where: Where
    sort?: string | string[]
    withResource?: boolean
  }) => {
  const result = await payload.find({
    collection: 'reviews',
    where,
    sort,
    page,
    limit,
    depth: 1,
    locale,
    populate: REVIEW_POPULATE,
    ...(withResource ? {} : { select: { resource: false } }),
    overrideAccess: true,
    req,
  })
  return {
    reviews: await reviewViews({ payload, req, reviews: result.docs as Review[] }),
    total: result.totalDocs,
    page: result.page ?? page,
    pages: result.totalPages,
  }
}

export type ReviewPage = Awaited<ReturnType<typeof findReviewPage>>

/** A user's own reviews, hidden ones included, newest first. */
export const findReviewsByAuthor = ({ user, ...rest }: Reader & PageOf & { user: User }) =>
  findReviewPage({ ...rest, where: { author: { equals: user.id } } })

/**
 * The reviews on the resources a user manages (an owner's own; an operator's employer's of their
 * type; every one for admins), newest first, optionally on one of them; null for anyone else.
 */
export const findReviewsOnManaged = async ({
  user,
  resourceId,
  ...rest
}: Reader & PageOf & { user: User; resourceId?: number }): Promise<ReviewPage | null> => {
  const managed = onManagedResources(user)
  if (!managed) return null
  const where = resourceId ? { and: [managed, { resource: { equals: resourceId } }] } : managed
  return findReviewPage({ ...rest, where })
}

/**
 * The newest published reviews of published resources. The ids come from one indexed SQL query
 * (a join Payload's where-clause on `resource.status` would plan far worse on a large table),
 * the reviews from the Local API.
 */
export const findLatestReviews = async ({
  payload,
  req,
  limit,
  locale,
}: Reader & { limit: number }) => {
  const { rows } = await runSql<{ id: number }>({
    payload,
    req,
    query: sql`SELECT v.id FROM reviews v JOIN resources r ON r.id = v.resource_id
               WHERE v.status = 'published' AND r.status = 'published'
               ORDER BY v.created_at DESC, v.id DESC LIMIT ${limit}`,
  })
  if (!rows.length) return []
  const { docs } = await payload.find({
    collection: 'reviews',
    where: { id: { in: rows.map((row) => row.id) } },
    sort: '-createdAt',
    depth: 1,
    locale,
    pagination: false,
    populate: REVIEW_POPULATE,
    overrideAccess: true,
    req,
  })
  return reviewViews({ payload, req, reviews: docs as Review[] })
}
