import type { Metadata } from 'next'
import { getLocale, getTranslations } from 'next-intl/server'

import { MyReviewActions } from '@/components/directory/MyReviewActions'
import { Pagination } from '@/components/directory/Pagination'
import { ReviewItem } from '@/components/directory/ReviewItem'
import { requireUser } from '@/data/requireUser'
import { listMyReviews } from '@/data/reviews'
import { isLocale } from '@/i18n/routing'
import { pageParam } from '@/lib/searchParams'

type Props = { searchParams: Promise<{ page?: string }> }

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('my-reviews')
  return { title: t('title') }
}

/** The visitor's own reviews, each editable and removable in place. */
export default async function MyReviewsPage({ searchParams }: Props) {
  const user = await requireUser()
  const requested = await getLocale()
  const t = await getTranslations('my-reviews')
  const page = pageParam((await searchParams).page)
  const result = await listMyReviews({
    user,
    locale: isLocale(requested) ? requested : 'ru',
    page,
  })
  return (
    <div className="listing">
      <h1>{t('title')}</h1>
      {result.reviews.length ? (
        <ul className="review-list">
          {result.reviews.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} showResource>
                <MyReviewActions
                  reviewId={review.id}
                  grade={review.grade}
                  comment={review.comment}
                />
              </ReviewItem>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">{t('empty')}</p>
      )}
      <Pagination path="/reviews" page={result.page} pages={result.pages} query={{}} />
    </div>
  )
}
