import type { PayloadRequest } from 'payload'

import type { User } from '@payload-types'

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
