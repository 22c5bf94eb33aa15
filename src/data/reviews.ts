import 'server-only'

import { reviewsOnManagedResources } from '../../access/resources'
import { managesResource } from '../../access/resources'
import { reviewView } from '../../endpoints/directory/views'
import type { Review, User } from '../../payload-types'
import type { Locale } from '@/i18n/routing'

import { REVIEWS_PAGE_SIZE } from './resources'
import { getPayload } from './payload'

/** Where the visitor stands towards reviewing a resource: may review, has, or manages it. */
export const reviewStateOf = async ({ user, resourceId }: { user: User; resourceId: number }) => {
  const payload = await getPayload()
  const { totalDocs } = await payload.count({
    collection: 'reviews',
    where: { resource: { equals: resourceId }, author: { equals: user.id } },
    overrideAccess: true,
  })
  if (totalDocs) return 'reviewed' as const
  if (await managesResource({ payload, user, resourceId })) return 'manages' as const
  return 'may-review' as const
}

/** The user's own reviews, newest first, resource titles in `locale`. */
export const listMyReviews = async ({
  user,
  locale,
  page,
}: {
  user: User
  locale: Locale
  page: number
}) => {
  const payload = await getPayload()
  const result = await payload.find({
    collection: 'reviews',
    where: { author: { equals: user.id } },
    sort: '-createdAt',
    page,
    limit: REVIEWS_PAGE_SIZE,
    depth: 1,
    locale,
    overrideAccess: true,
  })
  return {
    reviews: (result.docs as Review[]).map(reviewView),
    page: result.page ?? page,
    pages: result.totalPages,
    total: result.totalDocs,
  }
}

/** Reviews on the resources the user manages (all for admins), newest first; null for others. */
export const listReviewsOnManaged = async ({
  user,
  locale,
  page,
}: {
  user: User
  locale: Locale
  page: number
}) => {
  const where = reviewsOnManagedResources(user)
  if (!where) return null
  const payload = await getPayload()
  const result = await payload.find({
    collection: 'reviews',
    where,
    sort: '-createdAt',
    page,
    limit: REVIEWS_PAGE_SIZE,
    depth: 1,
    locale,
    overrideAccess: true,
  })
  return {
    reviews: (result.docs as Review[]).map(reviewView),
    page: result.page ?? page,
    pages: result.totalPages,
    total: result.totalDocs,
  }
}
