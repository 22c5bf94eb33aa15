import { notFound, redirect } from 'next/navigation'

import { findReviewPlace } from '@/data/reviews'
import { isLocale, localizedPath } from '@/i18n/routing'
import { isRecordId } from '@/lib/limits'

type Props = { params: Promise<{ locale: string; id: string }> }

// Where a review is listed moves as newer reviews come: asked at each visit, never kept.
export const dynamic = 'force-dynamic'

/**
 * /review/{id}: one review's lasting address (notifications and their mails link to it). It
 * redirects to the page of its resource's reviews that shows it now, at its anchor; a review the
 * public does not see is not found, as one that never was.
 */
export default async function ReviewPermalink({ params }: Props) {
  const { locale, id } = await params
  const reviewId = /^\d{1,10}$/.test(id) ? Number(id) : NaN
  if (!isLocale(locale) || !isRecordId(reviewId)) notFound()
  const place = await findReviewPlace(reviewId)
  if (!place) notFound()
  redirect(localizedPath(locale, place))
}
