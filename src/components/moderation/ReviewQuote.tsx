import { useTranslations } from 'next-intl'

import { Stars } from '@/components/ui/Stars'
import type { ReviewView } from '@/data/views/reviews'

/**
 * A review as a moderator reads it in a queue: grade, author and date, then its title and text
 * as they were written (plain text).
 */
export function ReviewQuote({
  review,
  author,
  date,
}: {
  review: Pick<ReviewView, 'grade' | 'title' | 'comment' | 'created_at'>
  author: string
  date: string
}) {
  const t = useTranslations('moderation')
  return (
    <figure className="moderation-review">
      <figcaption className="moderation-review-meta">
        <Stars value={review.grade} size="s" label={t('grade', { grade: review.grade })} />
        <span>{t('review-by', { name: author })}</span>
        <time dateTime={review.created_at}>{date}</time>
      </figcaption>
      <blockquote>
        {review.title && <p className="moderation-review-title">{review.title}</p>}
        <p className="moderation-review-text">{review.comment}</p>
      </blockquote>
    </figure>
  )
}
