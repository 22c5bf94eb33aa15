import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { LIMITS } from '@/lib/limits'
import type { User } from '@payload-types'

export const grade = z.coerce
  .number({ message: 'grade-invalid' })
  .int('grade-invalid')
  .min(1, 'grade-invalid')
  .max(5, 'grade-invalid')

export const comment = z
  .string({ message: 'required' })
  .trim()
  .min(1, 'required')
  .max(LIMITS.reviewCommentMax, 'too-long')

/** A review's optional title: empty means none. */
export const title = z
  .string({ message: 'required' })
  .trim()
  .max(LIMITS.reviewTitleMax, 'too-long')
  .optional()

export const criteria = z.record(z.string(), grade).optional()

/** Whether the user has reviewed the resource, hidden reviews included. */
export const hasReview = async ({
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

/** The user's own review with that id, or undefined. */
export const findOwnReview = async ({
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
  ).docs[0]
