import 'server-only'

import { reviewsOnManagedResources } from '../../access/resources'
import { findReviewPage } from '../../endpoints/directory/reviewReads'
import type { User } from '../../payload-types'
import type { Locale } from '@/i18n/routing'

import { REVIEWS_PAGE_SIZE } from './resources'
import { getPayload } from './payload'

/** The user's own reviews, newest first, resource titles in `locale`. */
export const listMyReviews = async ({
  user,
  locale,
  page,
}: {
  user: User
  locale: Locale
  page: number
}) =>
  findReviewPage({
    payload: await getPayload(),
    where: { author: { equals: user.id } },
    page,
    limit: REVIEWS_PAGE_SIZE,
    locale,
  })

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
  return findReviewPage({
    payload: await getPayload(),
    where,
    page,
    limit: REVIEWS_PAGE_SIZE,
    locale,
  })
}
