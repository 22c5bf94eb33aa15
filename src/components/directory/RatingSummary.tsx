import { getTranslations } from 'next-intl/server'

import { REVIEW_CRITERIA } from '@/lib/resourceTypes'
import type { Resource } from '@payload-types'

import { ResourceRating } from './ResourceRating'

/** The average, the count, the 5..1 distribution and the per-criterion averages. */
export async function RatingSummary({ resource }: { resource: Resource }) {
  const t = await getTranslations('resource')
  const criteria = await getTranslations('criteria')
  const average = Number(resource.ratingAverage ?? 0)
  const count = Number(resource.reviewCount ?? 0)
  const distribution = (resource.ratingDistribution ?? {}) as Record<string, number>
  const perCriterion = (resource.criteriaAverages ?? {}) as Record<string, number>
  return (
    <section className="rating-summary" aria-labelledby="rating-heading">
      <h2 id="rating-heading">{t('rating-heading')}</h2>
      <p className="rating-big">
        <ResourceRating average={average} count={count} size="m" />
        {count > 0 && <span>{t('review-count', { count })}</span>}
      </p>
      {count === 0 && <p>{t('be-first')}</p>}
      <table className="distribution" hidden={count === 0}>
        <caption className="visually-hidden">{t('distribution')}</caption>
        <tbody>
          {[5, 4, 3, 2, 1].map((grade) => {
            const n = Number(distribution[grade] ?? 0)
            const percent = count ? Math.round((n / count) * 100) : 0
            return (
              <tr key={grade}>
                <th scope="row">{t('stars', { count: grade })}</th>
                <td>
                  <span className="bar" aria-hidden="true">
                    <span style={{ width: `${percent}%` }} />
                  </span>
                </td>
                <td>{n}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
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
