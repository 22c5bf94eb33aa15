import { getTranslations } from 'next-intl/server'

import { Pagination } from '@/components/directory/Pagination'
import { reviewListHref } from '@/components/directory/RatingSummary'
import {
  ReviewFeedback,
  ReviewRelations as ReviewRelationsOf,
} from '@/components/directory/ReviewFeedback.client'
import { ReviewItem } from '@/components/directory/ReviewItem'
import { buttonClass } from '@/components/ui/Button'
import { EmptyState } from '@/components/ui/States'
import type { listResourceReviews } from '@/data/resources'
import { Link } from '@/i18n/navigation'
import { REVIEW_SORTS, type ReviewQuery, reviewParams } from '@/lib/directoryViews'

/** One page of a resource's reviews, with its grade filter, its sort links and its pages. */
export async function ReviewsSection({
  path,
  query,
  reviews,
  closed,
  signInHref,
}: {
  /** The resource's address. */
  path: string
  query: ReviewQuery
  reviews: Awaited<ReturnType<typeof listResourceReviews>>
  /** A closed resource's empty list says so. */
  closed: boolean
  signInHref: string
}) {
  const t = await getTranslations('resource')
  const { sort, grade } = query
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="reviews">
      <h2 id="reviews-heading">{t('reviews-heading', { count: reviews.total })}</h2>
      {grade && (
        <p className="review-filter" role="status">
          {t('showing-grade', { grade })}{' '}
          <Link
            href={reviewListHref(path, { sort, page: 1 })}
            scroll={false}
            className={buttonClass({ variant: 'ghost', size: 's' })}
          >
            {t('show-all')}
          </Link>
        </p>
      )}
      {reviews.total > 1 && (
        <nav aria-label={t('sort-reviews')} className="sort-links">
          <span className="sort-links-label" aria-hidden="true">
            {t('sort-label')}
          </span>
          {REVIEW_SORTS.map((value) => (
            <Link
              key={value}
              href={reviewListHref(path, { sort: value, page: 1, grade })}
              scroll={false}
              aria-current={value === sort ? 'true' : undefined}
              className="chip"
            >
              {t(`review-sort-${value}`)}
            </Link>
          ))}
        </nav>
      )}
      {reviews.reviews.length ? (
        <ReviewRelationsOf ids={reviews.reviews.map((review) => review.id)}>
          <ul className="review-list">
            {reviews.reviews.map((review) => (
              <li key={review.id}>
                <ReviewItem
                  review={review}
                  footer={
                    <ReviewFeedback
                      reviewId={review.id}
                      authorId={review.author?.id ?? null}
                      helpfulCount={review.helpful_count}
                      signInHref={signInHref}
                    />
                  }
                />
              </li>
            ))}
          </ul>
        </ReviewRelationsOf>
      ) : (
        <EmptyState
          title={
            grade
              ? t('no-reviews-grade', { grade })
              : t(closed ? 'no-reviews-closed' : 'no-reviews')
          }
        />
      )}
      <Pagination
        path={path}
        page={reviews.page}
        pages={reviews.pages}
        query={reviewParams(query)}
      />
    </section>
  )
}
