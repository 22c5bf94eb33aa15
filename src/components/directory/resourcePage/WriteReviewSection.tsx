import { getTranslations } from 'next-intl/server'

import { LazyReviewForm } from '@/components/directory/LazyReviewForm.client'
import { IfReviewed, ReviewSlot } from '@/components/directory/ResourceRelations.client'
import { buttonClass } from '@/components/ui/Button'
import type { ResourcePageDoc } from '@/data/resources'
import { Link } from '@/i18n/navigation'
import { REVIEW_CRITERIA } from '@/lib/resourceTypes'

/** Where a visitor writes a review; the browser picks what it shows once it knows the visitor. */
export async function WriteReviewSection({
  resource,
  signInHref,
}: {
  resource: Pick<ResourcePageDoc, 'id' | 'type'>
  signInHref: string
}) {
  const t = await getTranslations('resource')
  return (
    <section id="write-review" aria-labelledby="write-heading" className="write-review card">
      <h2 id="write-heading">
        <IfReviewed resourceId={resource.id} reviewed={t('your-review')}>
          {t('write-review')}
        </IfReviewed>
      </h2>
      <ReviewSlot
        resourceId={resource.id}
        guest={
          <div className="write-review-guest">
            <p>{t('write-lead')}</p>
            <Link href={signInHref} className={buttonClass()}>
              {t('sign-in-to-review')}
            </Link>
          </div>
        }
        reviewed={
          <div className="write-review-guest">
            <p>{t('reviewed-lead')}</p>
            <Link href="/reviews" className={buttonClass()}>
              {t('edit-your-review')}
            </Link>
          </div>
        }
        manages={
          <p>
            {t('own-resource')} <Link href="/account/reviews">{t('reviews-on-mine')}</Link>{' '}
            <Link href={`/add-resource?id=${resource.id}`}>{t('edit')}</Link>
          </p>
        }
        staff={<p>{t('staff-resource')}</p>}
      >
        <LazyReviewForm resourceId={resource.id} criteria={REVIEW_CRITERIA[resource.type]} />
      </ReviewSlot>
    </section>
  )
}
