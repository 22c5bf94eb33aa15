import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest, Where } from 'payload'

import type { Locale } from '@/i18n/routing'
import { wasNewAccount } from '@/lib/limits'
import { reviewerProfileLogin } from '@/lib/reviewers'
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
/** A review with its author and replier read as the Local API populates them, or as `readPeople`. */
type ReviewDoc = Omit<Review, 'author' | 'resource' | 'reply'> & {
  author: unknown
  resource?: unknown
  reply?: (Omit<NonNullable<Review['reply']>, 'author'> & { author?: unknown }) | null
}

export const reviewView = (review: ReviewDoc, authorReviews?: AuthorReviewCounts) => {
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
    /** Written through a review invitation (the owner asked; the grade is the author's own). */
    invited: Boolean(review.invited),
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
          /** The login of their reviewer profile, null when it is private or they are blocked. */
          profile: reviewerProfileLogin(author),
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

type Reader = { payload: Payload; req?: PayloadRequest; locale?: Locale }

/**
 * A review's author or replier as reviews show them. No avatar: a review never showed one (an
 * author's picture is a relation of a relation, which the Local API at depth 1 left an id).
 */
type Person = Pick<
  User,
  'id' | 'displayName' | 'createdAt' | 'username' | 'blocked' | 'profilePrivate'
> & { reviewCount: number }

/**
 * The authors and repliers of `reviews`, each with their count of published reviews (for readers
 * to weigh an author by): one statement, an indexed count per person.
 */
const readPeople = async ({
  payload,
  req,
  reviews,
}: Reader & { reviews: Review[] }): Promise<Map<number, Person>> => {
  const ids = [
    ...new Set(reviews.flatMap((review) => [review.author, review.reply?.author].map(relationId))),
  ].filter((id): id is number => id !== null)
  if (!ids.length) return new Map()
  const { rows } = await runSql<{
    id: number
    display_name: string
    created_at: string
    username: string
    blocked: boolean | null
    profile_private: boolean | null
    review_count: number
  }>({
    payload,
    req,
    query: sql`SELECT u.id, u.display_name, u.created_at, u.username, u.blocked, u.profile_private,
                 (SELECT count(*) FROM reviews r
                  WHERE r.author_id = u.id AND r.status = 'published')::int AS review_count
               FROM users u
               WHERE u.id IN (${sql.join(
                 ids.map((id) => sql`${id}`),
                 sql`, `,
               )})`,
  })
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        displayName: row.display_name,
        createdAt: new Date(row.created_at).toISOString(),
        username: row.username,
        // Read past every access: a flag never set is unset.
        blocked: Boolean(row.blocked),
        profilePrivate: Boolean(row.profile_private),
        reviewCount: row.review_count,
      },
    ]),
  )
}

/** What a review shows of its resource. */
const readResourceNames = async ({
  payload,
  req,
  locale,
  reviews,
}: Reader & { reviews: Review[] }) => {
  const ids = [...new Set(reviews.map((review) => relationId(review.resource)))].filter(
    (id): id is number => id !== null,
  )
  if (!ids.length) return new Map<number, Resource>()
  const { docs } = await payload.find({
    collection: 'resources',
    where: { id: { in: ids } },
    depth: 0,
    locale,
    pagination: false,
    overrideAccess: true,
    select: { title: true, type: true, slug: true },
    req,
  })
  return new Map((docs as Resource[]).map((doc) => [doc.id, doc]))
}

/**
 * The API's view of `reviews` (read at depth 0): their authors and repliers, each author with their
 * count of published reviews, in one statement, and `withResource`, their resources in one more.
 */
export const reviewViews = async ({
  withResource = true,
  ...reader
}: Reader & { reviews: Review[]; withResource?: boolean }) => {
  const [people, resources] = await Promise.all([
    readPeople(reader),
    withResource ? readResourceNames(reader) : new Map<number, Resource>(),
  ])
  const counts: AuthorReviewCounts = new Map(
    [...people.values()].map((person) => [person.id, person.reviewCount]),
  )
  const person = (value: unknown) => people.get(relationId(value as number) ?? 0) ?? value
  return reader.reviews.map((review) =>
    reviewView(
      {
        ...review,
        author: person(review.author),
        resource: resources.get(relationId(review.resource) ?? 0) ?? review.resource,
        reply: review.reply && { ...review.reply, author: person(review.reply.author) },
      },
      counts,
    ),
  )
}
type PageOf = { page: number; limit: number }

/**
 * One page of the reviews matching `where`, newest first unless told otherwise, as the API shows
 * them with the page's place in the whole. `withResource: false` leaves out each review's
 * resource, for a page about that resource. `total`, where the caller knows it (a resource's own
 * counts), spares counting them.
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
  total,
}: Reader &
  PageOf & {
    where: Where
    sort?: string | string[]
    withResource?: boolean
    total?: number
  }) => {
  const result = await payload.find({
    collection: 'reviews',
    where,
    sort,
    page,
    limit,
    pagination: total === undefined,
    depth: 0,
    locale,
    ...(withResource ? {} : { select: { resource: false } }),
    overrideAccess: true,
    req,
  })
  const totalDocs = total ?? result.totalDocs
  return {
    reviews: await reviewViews({
      payload,
      req,
      locale,
      reviews: result.docs as Review[],
      withResource,
    }),
    total: totalDocs,
    page: total === undefined ? (result.page ?? page) : page,
    pages: total === undefined ? result.totalPages : Math.max(1, Math.ceil(totalDocs / limit)),
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
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return reviewViews({ payload, req, locale, reviews: docs as Review[] })
}
