import 'server-only'

import type { Locale } from '@/i18n/routing'
import type { User } from '@payload-types'

import { getPayload } from './payload'
import { REVIEWS_PAGE_SIZE } from './resources'
import { findReviewsByAuthor, findReviewsOnManaged } from './views/reviews'

type MyPage = { user: User; locale: Locale; page: number }

/** The user's own reviews, newest first, resource titles in `locale`. */
export const listMyReviews = async (args: MyPage) =>
  findReviewsByAuthor({ payload: await getPayload(), limit: REVIEWS_PAGE_SIZE, ...args })

/** Reviews on the resources the user manages (all for admins), newest first; null for others. */
export const listReviewsOnManaged = async (args: MyPage) =>
  findReviewsOnManaged({ payload: await getPayload(), limit: REVIEWS_PAGE_SIZE, ...args })
