import type { Metadata } from 'next'
import { notFound, permanentRedirect } from 'next/navigation'
import { getFormatter, getLocale, getTranslations } from 'next-intl/server'

import { Avatar } from '@/components/Avatar'
import { Pagination } from '@/components/directory/Pagination'
import { ReviewItem } from '@/components/directory/ReviewItem'
import { EmptyState } from '@/components/ui/States'
import { readReviewer, readReviewerReviews } from '@/data/reviewers'
import { isLocale, localizedPath } from '@/i18n/routing'
import { reviewerPath } from '@/lib/reviewers'
import { isPastLastPage, pageParam } from '@/lib/searchParams'

type Props = {
  params: Promise<{ login: string }>
  searchParams: Promise<{ page?: string | string[] }>
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const reviewer = await readReviewer((await params).login)
  if (!reviewer) return {}
  const t = await getTranslations('reviewer')
  const format = await getFormatter()
  const page = pageParam((await searchParams).page)
  return {
    title: t('title', { name: reviewer.display_name }),
    description: t('description', {
      name: reviewer.display_name,
      count: reviewer.review_count,
      date: format.dateTime(new Date(reviewer.member_since), { dateStyle: 'long' }),
    }),
    // The first page stands for the profile in search results; the others are followed only.
    ...(page > 1 ? { robots: { index: false, follow: true } } : {}),
  }
}

/**
 * A reviewer's public profile (issue 47): who they are, since when, how many reviews they have
 * published and how many helpful votes those earned, and the reviews themselves, newest first, a
 * page at a time. A private profile, a blocked or deleted member, or an address no login could
 * have answers 404. Rendered per request from indexed reads (src/data/views/reviewers.ts).
 */
export default async function ReviewerPage({ params, searchParams }: Props) {
  const { login } = await params
  const reviewer = await readReviewer(login)
  if (!reviewer) notFound()
  const requested = await getLocale()
  const locale = isLocale(requested) ? requested : 'ru'
  const page = pageParam((await searchParams).page)
  // One address per profile: a login typed in other letters' case leads to the stored one.
  if (login !== reviewer.login) {
    const query = page > 1 ? `?page=${page}` : ''
    permanentRedirect(localizedPath(locale, `${reviewerPath(reviewer.login)}${query}`))
  }
  const result = await readReviewerReviews({ reviewer, page, locale })
  if (isPastLastPage(result)) notFound()
  const t = await getTranslations('reviewer')
  const format = await getFormatter()
  const since = format.dateTime(new Date(reviewer.member_since), { dateStyle: 'long' })
  return (
    <div className="reviewer">
      <header className="reviewer-header">
        <Avatar name={reviewer.display_name} src={reviewer.avatar} className="reviewer-avatar" />
        <div className="reviewer-facts">
          <h1>{reviewer.display_name}</h1>
          <ul className="reviewer-stats" aria-label={t('stats-label')}>
            <li>
              <time dateTime={reviewer.member_since}>{t('member-since', { date: since })}</time>
            </li>
            <li>{t('reviews-count', { count: reviewer.review_count })}</li>
            <li>{t('helpful-count', { count: reviewer.helpful_count })}</li>
          </ul>
        </div>
      </header>
      <section aria-labelledby="reviewer-reviews">
        <h2 id="reviewer-reviews">{t('reviews-heading')}</h2>
        {result.reviews.length ? (
          <ul className="review-list">
            {result.reviews.map((review) => (
              <li key={review.id}>
                <ReviewItem
                  review={review}
                  showResource
                  showAuthor={false}
                  footer={
                    review.helpful_count > 0 && (
                      <p className="review-helpful">
                        {t('helpful-on-review', { count: review.helpful_count })}
                      </p>
                    )
                  }
                />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title={t('no-reviews')} />
        )}
        <Pagination
          path={reviewerPath(reviewer.login)}
          query={{}}
          page={result.page}
          pages={result.pages}
        />
      </section>
    </div>
  )
}
