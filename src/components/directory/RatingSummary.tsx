import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/navigation'
import { type ReviewQuery, REVIEW_GRADES, reviewParams } from '@/lib/directoryViews'
import { isClosed } from '@/lib/publicStatus'
import { REVIEW_CRITERIA } from '@/lib/resourceTypes'
import { queryString } from '@/lib/searchParams'
import type { Resource } from '@payload-types'

import { ResourceRating } from './ResourceRating'

/** The address of the resource page's review list as `query` asks, defaults left out. */
export const reviewListHref = (path: string, query: ReviewQuery) =>
  `${path}${queryString(reviewParams(query))}#reviews`

/**
 * The average, the count, the 5..1 distribution and the per-criterion averages. Each grade's bar
 * is a link that shows only the reviews of that grade (the chosen one is marked); the page keeps
 * its place, as the review list is what changes.
 */
export async function RatingSummary({
  resource,
  path,
  query,
}: {
  resource: Pick<
    Resource,
    | 'type'
    | 'ratingAverage'
    | 'reviewCount'
    | 'ratingDistribution'
    | 'criteriaAverages'
    | 'publicStatus'
  >
  path: string
  query: ReviewQuery
}) {
  const t = await getTranslations('resource')
  const criteria = await getTranslations('criteria')
  const average = Number(resource.ratingAverage ?? 0)
  const count = Number(resource.reviewCount ?? 0)
  const distribution = (resource.ratingDistribution ?? {}) as Record<string, number>
  const perCriterion = (resource.criteriaAverages ?? {}) as Record<string, number>
  return (
    <section className="rating-summary card" aria-labelledby="rating-heading">
      <h2 id="rating-heading">{t('rating-heading')}</h2>
      <p className="rating-big">
        <ResourceRating average={average} count={count} size="m" />
        {count > 0 && <span>{t('review-count', { count })}</span>}
      </p>
      {count === 0 ? (
        <p>{t(isClosed(resource.publicStatus) ? 'no-reviews-closed' : 'be-first')}</p>
      ) : (
        <ul className="distribution" aria-label={t('distribution')}>
          {REVIEW_GRADES.map((grade) => {
            const n = Number(distribution[grade] ?? 0)
            const share = Math.round((n / count) * 100)
            const isChosen = query.grade === grade
            return (
              <li key={grade}>
                <Link
                  href={reviewListHref(path, { sort: query.sort, page: 1, grade })}
                  scroll={false}
                  className="distribution-row"
                  aria-current={isChosen ? 'true' : undefined}
                  aria-label={`${t('filter-grade', { grade })}: ${t('review-count', { count: n })}`}
                >
                  <span className="distribution-grade">{t('stars', { count: grade })}</span>
                  <span className="bar" aria-hidden="true">
                    <span style={{ width: `${share}%` }} />
                  </span>
                  <span className="distribution-share">{t('share', { share })}</span>
                </Link>
              </li>
            )
          })}
        </ul>
      )}
      {Object.keys(perCriterion).length > 0 && (
        <dl className="details-list criteria-averages">
          {REVIEW_CRITERIA[resource.type]
            .filter((key) => perCriterion[key] !== undefined)
            .map((key) => (
              <div key={key} className="criteria-row">
                <dt>{criteria(key)}</dt>
                <dd>{Number(perCriterion[key]).toFixed(1)}</dd>
              </div>
            ))}
        </dl>
      )}
    </section>
  )
}
