import type { Access, Where } from 'payload'

import { isAdmin } from '@/lib/roles'

/** Published reviews for all; an author also sees their own hidden ones; admins see all. */
/**
 * The reviews the public sees: published, on a published resource (a hidden review, or one of a
 * pending or rejected resource, is shown to nobody but its author and admins).
 */
const PUBLIC_REVIEWS: Where = {
  status: { equals: 'published' },
  'resource.status': { equals: 'published' },
}

export const canReadReview: Access = ({ req: { user } }) => {
  if (isAdmin(user)) return true
  return user ? { or: [PUBLIC_REVIEWS, { author: { equals: user.id } }] } : PUBLIC_REVIEWS
}

/** The review `id` as the public sees it. */
export const publicReview = (id: number): Where => ({ id: { equals: id }, ...PUBLIC_REVIEWS })

/** Those of `ids` that readers may see. */
export const publicReviews = (ids: number[]): Where => ({ id: { in: ids }, ...PUBLIC_REVIEWS })

export const canWriteReview: Access = ({ req: { user } }) => Boolean(user && !user.blocked)

/** An author changes their own review; admins any (replies go through /reply-review). */
export const authorOrAdmin: Access = ({ req: { user } }) => {
  if (isAdmin(user)) return true
  if (!user || user.blocked) return false
  return { author: { equals: user.id } }
}
