import { useTranslations } from 'next-intl'

import { Stars } from '@/components/ui/Stars'
import { orderCriteria } from '@/lib/resourceTypes'

/**
 * What a review says, drawn the same on the page (ReviewItem) and in the author's browser as it is
 * sent (ReviewForm): the grade, the optional title, the text and the per-criterion grades. Plain
 * text as React text nodes, so any markup in it is shown, never run.
 */
export function ReviewBody({
  review,
  gradeLabel,
}: {
  review: {
    grade: number
    title?: string | null
    comment: string
    criteria: Record<string, number>
  }
  gradeLabel: string
}) {
  const names = useTranslations('criteria')
  const criteria = orderCriteria(Object.keys(review.criteria))
  return (
    <>
      <p className="review-grade">
        <Stars value={review.grade} label={gradeLabel} />
      </p>
      {review.title && <h3 className="review-title">{review.title}</h3>}
      <p className="review-comment">{review.comment}</p>
      {criteria.length > 0 && (
        <ul className="review-criteria">
          {criteria.map((key) => (
            <li key={key}>
              {names(key)}: <strong>{review.criteria[key]}</strong>/5
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
