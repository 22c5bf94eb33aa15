import 'server-only'

import type { Payload } from 'payload'

import type { Locale } from '@/i18n/routing'
import { reviewAnchor } from '@/lib/permalinks'
import { relationId } from '@/lib/relations'
import type { User } from '@payload-types'

import { getPayload } from './payload'
import { REVIEWS_PAGE_SIZE } from './resources'
import { resourcePath } from './views/resources'
import { findReviewsByAuthor, findReviewsOnManaged } from './views/reviews'

type MyPage = { user: User; locale: Locale; page: number }

/** The user's own reviews, newest first, resource titles in `locale`. */
export const listMyReviews = async (args: MyPage) =>
  findReviewsByAuthor({ payload: await getPayload(), limit: REVIEWS_PAGE_SIZE, ...args })

/** Reviews on the resources the user manages (all for admins), newest first; null for others. */
export const listReviewsOnManaged = async (args: MyPage) =>
  findReviewsOnManaged({ payload: await getPayload(), limit: REVIEWS_PAGE_SIZE, ...args })

/**
 * Where a review is shown now, for its permalink (`/review/<id>`, the link of notifications and
 * their mails): the page of its resource's reviews that lists it in the page's own order (newest
 * first, REVIEWS_PAGE_SIZE a page), at its anchor. Null, as for no review at all, when the public
 * does not see it (held, hidden, or its resource is not published).
 */
export const reviewPlace = async ({
  payload,
  reviewId,
}: {
  payload: Payload
  reviewId: number
}): Promise<string | null> => {
  const review = await payload.findByID({
    collection: 'reviews',
    id: reviewId,
    select: { resource: true, status: true, createdAt: true },
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })
  const resourceId = relationId(review?.resource)
  if (review?.status !== 'published' || resourceId === null) return null
  const resource = await payload.findByID({
    collection: 'resources',
    id: resourceId,
    select: { type: true, slug: true, status: true },
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })
  if (resource?.status !== 'published' || !resource.slug) return null
  const { totalDocs: newer } = await payload.count({
    collection: 'reviews',
    where: {
      and: [
        { resource: { equals: resourceId } },
        { status: { equals: 'published' } },
        { createdAt: { greater_than: review.createdAt } },
      ],
    },
    overrideAccess: true,
  })
  const page = Math.floor(newer / REVIEWS_PAGE_SIZE) + 1
  return `${resourcePath(resource)}${page > 1 ? `?page=${page}` : ''}#${reviewAnchor(reviewId)}`
}

/** `reviewPlace` on the app's Payload. */
export const findReviewPlace = async (reviewId: number) =>
  reviewPlace({ payload: await getPayload(), reviewId })
