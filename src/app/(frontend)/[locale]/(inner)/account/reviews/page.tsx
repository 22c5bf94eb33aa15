import type { Metadata } from 'next'
import { getLocale, getTranslations } from 'next-intl/server'

import { AccountNav } from '@/components/account/AccountNav'
import { Pagination } from '@/components/directory/Pagination'
import { ReplyForm } from '@/components/directory/ReplyForm.client'
import { ReviewItem } from '@/components/directory/ReviewItem'
import { buttonClass } from '@/components/ui/Button'
import { EmptyState } from '@/components/ui/States'
import { requireUser } from '@/data/requireUser'
import { listReviewsOnManaged } from '@/data/reviews'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { isLocale } from '@/i18n/routing'
import { canAddResources } from '@/lib/roles'
import { pageParam } from '@/lib/searchParams'

import '@/components/account/account.css'

type Props = { searchParams: Promise<{ page?: string }> }

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('owner-reviews')
  return { title: t('title') }
}

/** Reviews on the resources the visitor owns or operates, each answerable once. */
export default async function ReviewsOnMyResourcesPage({ searchParams }: Props) {
  const user = await requireUser()
  const requested = await getLocale()
  const t = await getTranslations('owner-reviews')
  const page = pageParam((await searchParams).page)
  const result = await listReviewsOnManaged({
    user,
    locale: isLocale(requested) ? requested : 'ru',
    page,
  })
  return (
    <ClientMessages group="owner-reviews">
      <div className="listing">
        <h1>{t('title')}</h1>
        <AccountNav user={user} current="reviews" />
        {!result ? (
          <EmptyState
            title={t('no-resources')}
            action={
              canAddResources(user) && (
                <Link href="/add-resource" className={buttonClass({ size: 's' })}>
                  {t('add-resource')}
                </Link>
              )
            }
          />
        ) : result.reviews.length ? (
          <ul className="review-list">
            {result.reviews.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} showResource>
                  {!review.reply && <ReplyForm reviewId={review.id} />}
                </ReviewItem>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title={t('empty')} />
        )}
        {result && (
          <Pagination path="/account/reviews" page={result.page} pages={result.pages} query={{}} />
        )}
      </div>
    </ClientMessages>
  )
}
