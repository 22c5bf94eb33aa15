import type { Metadata } from 'next'
import { getLocale, getTranslations } from 'next-intl/server'

import { MyReviewActions } from '@/components/directory/MyReviewActions.client'
import { Pagination } from '@/components/directory/Pagination'
import { ReviewItem } from '@/components/directory/ReviewItem'
import { buttonClass } from '@/components/ui/Button'
import { EmptyState } from '@/components/ui/States'
import { requireUser } from '@/data/requireUser'
import { listMyReviews } from '@/data/reviews'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { isLocale } from '@/i18n/routing'
import { pageParam } from '@/lib/searchParams'

import '@/components/moderation/moderation.css'

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
  const moderation = await getTranslations('moderation')
  const page = pageParam((await searchParams).page)
  const result = await listMyReviews({
    user,
    locale: isLocale(requested) ? requested : 'ru',
    page,
  })
  return (
    <ClientMessages group="my-reviews">
      <div className="listing">
        <h1>{t('title')}</h1>
        {result.reviews.length ? (
          <ul className="review-list">
            {result.reviews.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} showResource>
                  {review.status === 'hidden' && (
                    <p className="review-hidden-note" role="note">
                      <strong>{moderation('hidden-note-title')}</strong>{' '}
                      {review.hidden_reason
                        ? moderation('hidden-note-reason', { reason: review.hidden_reason })
                        : moderation('hidden-note-no-reason')}
                    </p>
                  )}
                  {review.status === 'pending' && (
                    <p className="review-hidden-note" role="note">
                      <strong>{moderation('held-note-title')}</strong>{' '}
                      {moderation('held-note-text')}
                    </p>
                  )}
                  <MyReviewActions
                    reviewId={review.id}
                    grade={review.grade}
                    title={review.title}
                    comment={review.comment}
                    criteria={review.criteria}
                    resourceType={review.resource?.type ?? null}
                  />
                </ReviewItem>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            title={t('empty')}
            action={
              <Link href="/resources/marketplaces" className={buttonClass({ size: 's' })}>
                {t('browse')}
              </Link>
            }
          />
        )}
        <Pagination path="/reviews" page={result.page} pages={result.pages} query={{}} />
      </div>
    </ClientMessages>
  )
}
