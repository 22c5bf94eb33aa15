import { type Endpoint, type PayloadRequest, type Where, ValidationError } from 'payload'
import { z } from 'zod'

import { managesResource, reviewsOnManagedResources } from '../../access/resources'
import { checkRole } from '../../access/roles'
import { REPLY_MAX, REVIEW_COMMENT_MAX } from '../../collections/Reviews'
import type { Resource, Review, User } from '../../payload-types'
import { parseBody } from '../lib/body'
import { requireUser } from '../lib/currentUser'
import { fail, ok, validationFailure } from '../lib/http'
import { expireDirectoryCache } from '../../src/lib/publicCache'
import { findLatestReviews, findReviewPage } from './reviewReads'
import { reviewView } from './views'

const id = z.coerce.number({ message: 'required' }).int().positive('required')
const grade = z.coerce
  .number({ message: 'grade-invalid' })
  .int('grade-invalid')
  .min(1, 'grade-invalid')
  .max(5, 'grade-invalid')
const comment = z
  .string({ message: 'required' })
  .trim()
  .min(1, 'required')
  .max(REVIEW_COMMENT_MAX, 'too-long')
const criteria = z.record(z.string(), grade).optional()
const pageFields = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
}

export const addReviewBody = z.object({ resource_id: id, grade, comment, criteria })
export const resourceIdBody = z.object({ resource_id: id })
export const reviewIdBody = z.object({ review_id: id })
export const updateReviewBody = z.object({
  review_id: id,
  grade: grade.optional(),
  comment: comment.optional(),
  criteria,
})
export const myReviewsBody = z.object(pageFields)
export const ownerReviewsBody = z.object({ ...pageFields, resource_id: id.optional() })
export const lastReviewsBody = z.object({ limit: pageFields.limit })
export const replyBody = z.object({
  review_id: id,
  reply: z.string({ message: 'required' }).trim().min(1, 'required').max(REPLY_MAX, 'too-long'),
})

const publishedResource = async (req: PayloadRequest, resourceId: number) =>
  (
    await req.payload.find({
      collection: 'resources',
      where: { id: { equals: resourceId }, status: { equals: 'published' } },
      depth: 0,
      limit: 1,
      pagination: false,
      req,
    })
  ).docs[0] as Resource | undefined

const ownReview = async ({
  req,
  user,
  reviewId,
}: {
  req: PayloadRequest
  user: User
  reviewId: number
}) =>
  (
    await req.payload.find({
      collection: 'reviews',
      where: { id: { equals: reviewId }, author: { equals: user.id } },
      depth: 0,
      limit: 1,
      pagination: false,
      req,
    })
  ).docs[0] as Review | undefined

const hasReview = async ({
  req,
  user,
  resourceId,
}: {
  req: PayloadRequest
  user: User
  resourceId: number
}) =>
  (
    await req.payload.count({
      collection: 'reviews',
      where: { resource: { equals: resourceId }, author: { equals: user.id } },
      req,
      overrideAccess: true,
    })
  ).totalDocs > 0

/**
 * The answer to a write that has committed. The collection hooks expire the cached directory
 * reads already, but inside the transaction: a page read in between could cache the old state
 * again, so the cache is expired once more now that the change is visible.
 */
const committed = (body?: Record<string, unknown>) => {
  expireDirectoryCache()
  return ok(body)
}

/** POST /add-reviews {resource_id, grade, comment, criteria} → {review}; one per user and resource. */
export const addReviews: Endpoint = {
  path: '/add-reviews',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const { data, failure: invalidBody } = await parseBody(req, addReviewBody)
    if (invalidBody) return invalidBody
    const resource = await publishedResource(req, data.resource_id)
    if (!resource)
      return fail({ req, status: 404, code: 'resource-not-found', field: 'resource_id' })
    if (await managesResource({ payload: req.payload, req, user, resourceId: resource.id })) {
      return fail({ req, status: 403, code: 'own-resource' })
    }
    const duplicate = () => fail({ req, status: 422, code: 'review-exists', field: 'resource_id' })
    if (await hasReview({ req, user, resourceId: resource.id })) return duplicate()
    try {
      const review = await req.payload.create({
        collection: 'reviews',
        data: {
          resource: resource.id,
          author: user.id,
          grade: data.grade,
          comment: data.comment,
          criteria: data.criteria ?? {},
          status: 'published',
        },
        user,
        overrideAccess: false,
        depth: 1,
        req,
      })
      return committed({ review: reviewView(review) })
    } catch (error) {
      // Two requests racing past the check above: the unique index lets one of them through.
      if (await hasReview({ req, user, resourceId: resource.id })) return duplicate()
      if (error instanceof ValidationError) return validationFailure(error)
      throw error
    }
  },
}

/** POST /user-has-review {resource_id} → {has_review}. */
export const userHasReview: Endpoint = {
  path: '/user-has-review',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const { data, failure: invalidBody } = await parseBody(req, resourceIdBody)
    if (invalidBody) return invalidBody
    return ok({ has_review: await hasReview({ req, user, resourceId: data.resource_id }) })
  },
}

/** POST /get-my-reviews {page?, limit?} → {reviews, total, page, pages}: the caller's own, newest first. */
export const getMyReviews: Endpoint = {
  path: '/get-my-reviews',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const { data, failure: invalidBody } = await parseBody(req, myReviewsBody)
    if (invalidBody) return invalidBody
    return ok(
      await findReviewPage({
        payload: req.payload,
        req,
        where: { author: { equals: user.id } },
        page: data.page,
        limit: data.limit,
      }),
    )
  },
}

/**
 * POST /views-my-reviews {resource_id?, page?, limit?} → {reviews, total, page, pages}: the reviews
 * on the resources the caller manages (an owner's own; an operator's employer's of their type).
 */
export const viewsMyReviews: Endpoint = {
  path: '/views-my-reviews',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const { data, failure: invalidBody } = await parseBody(req, ownerReviewsBody)
    if (invalidBody) return invalidBody
    const managed = reviewsOnManagedResources(user)
    if (!managed) return fail({ req, status: 403, code: 'forbidden' })
    const where: Where[] = [managed]
    if (data.resource_id) where.push({ resource: { equals: data.resource_id } })
    return ok(
      await findReviewPage({
        payload: req.payload,
        req,
        where: { and: where },
        page: data.page,
        limit: data.limit,
      }),
    )
  },
}

/** POST /update-my-reviews {review_id, grade?, comment?, criteria?} → {review}. */
export const updateMyReviews: Endpoint = {
  path: '/update-my-reviews',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const { data, failure: invalidBody } = await parseBody(req, updateReviewBody)
    if (invalidBody) return invalidBody
    if (!(await ownReview({ req, user, reviewId: data.review_id }))) {
      return fail({ req, status: 404, code: 'review-not-found' })
    }
    try {
      const review = await req.payload.update({
        collection: 'reviews',
        id: data.review_id,
        data: {
          ...(data.grade !== undefined ? { grade: data.grade } : {}),
          ...(data.comment !== undefined ? { comment: data.comment } : {}),
          ...(data.criteria !== undefined ? { criteria: data.criteria } : {}),
        },
        user,
        overrideAccess: false,
        depth: 1,
        req,
      })
      return committed({ review: reviewView(review) })
    } catch (error) {
      if (error instanceof ValidationError) return validationFailure(error)
      throw error
    }
  },
}

/** POST /delete-my-reviews {review_id} → {}. */
export const deleteMyReviews: Endpoint = {
  path: '/delete-my-reviews',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const { data, failure: invalidBody } = await parseBody(req, reviewIdBody)
    if (invalidBody) return invalidBody
    if (!(await ownReview({ req, user, reviewId: data.review_id }))) {
      return fail({ req, status: 404, code: 'review-not-found' })
    }
    await req.payload.delete({
      collection: 'reviews',
      id: data.review_id,
      user,
      overrideAccess: false,
      req,
    })
    return committed()
  },
}

/** POST /get-last-reviews {limit?} → {reviews}: the newest published reviews of published resources. */
export const getLastReviews: Endpoint = {
  path: '/get-last-reviews',
  method: 'post',
  handler: async (req) => {
    const { data, failure } = await parseBody(req, lastReviewsBody)
    if (failure) return failure
    const reviews = await findLatestReviews({ payload: req.payload, req, limit: data.limit })
    return ok({ reviews })
  },
}

/**
 * POST /reply-review {review_id, reply} → {review}: the owner (or an operator of that type, or an
 * admin) answers a review once; the answer is shown under it.
 */
export const replyReview: Endpoint = {
  path: '/reply-review',
  method: 'post',
  handler: async (req) => {
    const { user, failure } = await requireUser(req)
    if (failure) return failure
    const { data, failure: invalidBody } = await parseBody(req, replyBody)
    if (invalidBody) return invalidBody
    const review = await req.payload
      .findByID({
        collection: 'reviews',
        id: data.review_id,
        depth: 0,
        req,
        overrideAccess: true,
        disableErrors: true,
      })
      .catch(() => null)
    if (!review) return fail({ req, status: 404, code: 'review-not-found' })
    const resourceId = typeof review.resource === 'object' ? review.resource.id : review.resource
    if (!(await managesResource({ payload: req.payload, req, user, resourceId }))) {
      return fail({ req, status: 403, code: 'forbidden' })
    }
    if (review.reply?.text && !checkRole(['admin'], user))
      return fail({ req, status: 422, code: 'reply-exists', field: 'reply' })
    const updated = await req.payload.update({
      collection: 'reviews',
      id: review.id,
      data: { reply: { text: data.reply, author: user.id, repliedAt: new Date().toISOString() } },
      overrideAccess: true,
      depth: 1,
      req,
    })
    return committed({ review: reviewView(updated) })
  },
}

export const reviewEndpoints = [
  addReviews,
  userHasReview,
  getMyReviews,
  viewsMyReviews,
  updateMyReviews,
  deleteMyReviews,
  getLastReviews,
  replyReview,
]
