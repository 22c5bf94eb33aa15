import { getFormatter, getTranslations } from 'next-intl/server'

import type { ReviewView } from '@/data/views/reviews'
import { Link } from '@/i18n/navigation'

import { Stars } from './Stars'

/**
 * One review. Comment and reply are plain text rendered as React text nodes, so any markup in
 * them is shown, never run.
 */
export async function ReviewItem({
  review,
  showResource = false,
  children,
}: {
  review: ReviewView
  showResource?: boolean
  children?: React.ReactNode
}) {
  const t = await getTranslations('reviews')
  const criteria = await getTranslations('criteria')
  const format = await getFormatter()
  const entries = Object.entries(review.criteria)
  return (
    <article className="review" aria-label={t('by', { author: review.author?.display_name ?? '' })}>
      <header className="review-header">
        <span className="avatar" aria-hidden="true">
          {(review.author?.display_name ?? '?').slice(0, 1).toUpperCase()}
        </span>
        <span className="review-author">{review.author?.display_name}</span>
        <time dateTime={review.created_at}>
          {format.dateTime(new Date(review.created_at), { dateStyle: 'medium' })}
        </time>
      </header>
      {showResource && review.resource && (
        <p className="review-resource">
          <Link href={review.resource.path}>{review.resource.title}</Link>
        </p>
      )}
      <p className="review-grade">
        <Stars value={review.grade} label={t('grade-label', { grade: review.grade })} />
      </p>
      <p className="review-comment">{review.comment}</p>
      {entries.length > 0 && (
        <ul className="review-criteria">
          {entries.map(([key, value]) => (
            <li key={key}>
              {criteria(key)}: <strong>{value}</strong>/5
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <div className="review-reply">
          <p className="review-reply-title">{t('reply-from-owner')}</p>
          <p className="review-comment">{review.reply.text}</p>
        </div>
      )}
      {children}
    </article>
  )
}
