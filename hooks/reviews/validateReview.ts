import { type CollectionBeforeChangeHook, type PayloadRequest, ValidationError } from 'payload'

import type { Locale } from '@/i18n/routing'
import { REVIEW_GUARD, isRecordId, wasNewAccount } from '@/lib/limits'
import { REVIEW_CRITERIA } from '@/lib/resourceTypes'
import { canActForAnyone, canReviewUnguarded } from '@/lib/roles'
import { OwnResourceReviewError } from '@/server/hookContract'
import { TooManyRequestsError } from '@/server/rateLimit'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { lockReviewWrite, reviewWriteCounts } from '@/server/sql/statements'
import { relationId } from '@access/resources'
import type { Resource, Review, User } from '@payload-types'

/** True for a whole number from 1 to 5. */
export const isGrade = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5

/** The criteria a resource type rates, keeping only known keys; null when a value is no grade. */
export const cleanCriteria = ({
  criteria,
  type,
}: {
  criteria: unknown
  type: Resource['type']
}): Record<string, number> | null => {
  if (criteria == null) return {}
  if (typeof criteria !== 'object' || Array.isArray(criteria)) return null
  const clean: Record<string, number> = {}
  for (const [key, value] of Object.entries(criteria)) {
    if (!REVIEW_CRITERIA[type].includes(key)) continue
    if (!isGrade(value)) return null
    clean[key] = value
  }
  return clean
}

/** The account a new review is written by: the writer, or the author an admin named. */
const authorOf = async (req: PayloadRequest, data: Partial<Review>): Promise<User | null> => {
  const id = relationId(data.author)
  if (req.user && req.user.id === id) return req.user as User
  if (!isRecordId(id)) return null
  return req.payload.findByID({
    collection: 'users',
    id,
    depth: 0,
    req,
    overrideAccess: true,
    disableErrors: true,
  })
}

/**
 * The rules a new review passes, whichever door it came through. Nobody reviews a resource they
 * own or whose owner employs them. Written by a member (not an admin, not the server itself), an
 * account writes at most REVIEW_GUARD.reviewsPerDay reviews a day (429), and a review from a new
 * account on a resource that has just had a burst of them is held for moderation (status
 * `pending`) instead of published. The counts are read under locks of the author and the resource, so reviews written
 * at the same moment are weighed one after the other.
 */
const guardNewReview = async ({
  data,
  req,
  resource,
  byAdmin,
  locale,
}: {
  data: Partial<Review>
  req: PayloadRequest
  resource: Resource
  byAdmin: boolean
  locale: Locale
}) => {
  const author = await authorOf(req, data)
  if (!author || canReviewUnguarded(author)) return
  const owner = relationId(resource.owner)
  if (owner === author.id) {
    throw new OwnResourceReviewError(
      'own-resource',
      serverMessage({ locale, key: 'api.own-resource' }),
    )
  }
  if (owner !== null && relationId(author.employer) === owner) {
    throw new OwnResourceReviewError(
      'staff-resource',
      serverMessage({ locale, key: 'api.staff-resource' }),
    )
  }
  // Admins, and the server's own writes (the seed, scripts: no user), are not weighed.
  if (byAdmin || !req.user) return
  await lockReviewWrite(req, { authorId: author.id, resourceId: resource.id })
  const counts = await reviewWriteCounts(req, {
    authorId: author.id,
    resourceId: resource.id,
    windowHours: REVIEW_GUARD.burstWindowHours,
    newAccountDays: REVIEW_GUARD.newAccountDays,
  })
  if (counts.byAuthor >= REVIEW_GUARD.reviewsPerDay) {
    throw new TooManyRequestsError(
      serverMessage({
        locale,
        key: 'api.reviews-per-day',
        values: { max: REVIEW_GUARD.reviewsPerDay },
      }),
    )
  }
  if (
    wasNewAccount(author.createdAt) &&
    counts.fromNewAccounts >= REVIEW_GUARD.burstNewAccountReviews
  ) {
    data.status = 'pending'
  }
}

/**
 * Whatever way a review arrives (the site's calls, REST, GraphQL, the admin), it is its
 * author's, about a published resource they neither own nor work for, without a reply, with
 * grades from 1 to 5 for the criteria of that resource's type; new ones pass the review guard.
 */
export const validateReview: CollectionBeforeChangeHook<Review> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const unguarded = canReviewUnguarded(req.user)
  if (operation === 'create' && req.user && !canActForAnyone(req.user)) {
    data.author = req.user.id
    // Field access keeps a submitted reply out, but a duplicate would still copy the original's.
    data.reply = { text: null, author: null, repliedAt: null }
  }
  const locale = messageLocale(req)
  const refuse = (path: string, key: string) => {
    throw new ValidationError({
      collection: 'reviews',
      errors: [{ path, message: serverMessage({ locale, key: `api.${key}` }) }],
    })
  }
  const resourceRef = data.resource ?? originalDoc?.resource
  const resourceId = Number(
    typeof resourceRef === 'object' && resourceRef ? resourceRef.id : resourceRef,
  )
  // Field validation runs after this hook: a value that is no id at all is refused here.
  const resource = isRecordId(resourceId)
    ? await req.payload.findByID({
        collection: 'resources',
        id: resourceId,
        depth: 0,
        req,
        overrideAccess: true,
        disableErrors: true,
      })
    : null
  if (!resource || (operation === 'create' && !unguarded && resource.status !== 'published')) {
    return refuse('resource', 'resource-not-found')
  }
  if (operation === 'create') {
    await guardNewReview({ data, req, resource, byAdmin: unguarded, locale })
  }
  if (data.grade !== undefined && !isGrade(data.grade)) return refuse('grade', 'grade-invalid')
  if (data.criteria !== undefined) {
    const criteria = cleanCriteria({ criteria: data.criteria, type: resource.type })
    if (!criteria) return refuse('criteria', 'grade-invalid')
    data.criteria = criteria
  }
  if (typeof data.comment === 'string') data.comment = data.comment.trim()
  return data
}
