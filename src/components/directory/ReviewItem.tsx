import { getImageProps } from 'next/image'
import { getFormatter, getTranslations } from 'next-intl/server'

import { Badge } from '@/components/ui/Badge'
import { Stars } from '@/components/ui/Stars'
import type { ReviewView } from '@/data/views/reviews'
import { Link } from '@/i18n/navigation'
import { reviewAnchor } from '@/lib/permalinks'
import { orderCriteria } from '@/lib/resourceTypes'

/**
 * One review: who and when, the grade, the optional title, the text, the per-criterion grades
 * and the owner's reply; `footer` holds what the reader may do with it. Title, comment and reply
 * are plain text rendered as React text nodes, so any markup in them is shown, never run.
 */
export async function ReviewItem({
  review,
  showResource = false,
  footer,
  children,
}: {
  review: ReviewView
  showResource?: boolean
  footer?: React.ReactNode
  children?: React.ReactNode
}) {
  const t = await getTranslations('reviews')
  const criteria = await getTranslations('criteria')
  const format = await getFormatter()
  const entries = orderCriteria(Object.keys(review.criteria)).map(
    (key) => [key, review.criteria[key]] as const,
  )
  const name = review.author?.display_name ?? ''
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' })
  return (
    <article id={reviewAnchor(review.id)} className="review" aria-label={t('by', { author: name })}>
      <header className="review-header">
        {review.author?.avatar ? (
          // eslint-disable-next-line @next/next/no-img-element -- next/image's props, no client code
          <img
            {...getImageProps({
              src: review.author.avatar,
              alt: '',
              width: 40,
              height: 40,
              unoptimized: true,
            }).props}
            alt=""
            className="avatar"
          />
        ) : (
          <span className="avatar" aria-hidden="true">
            {(name || '?').slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="review-author">{name}</span>
        {review.author && <AuthorFacts author={review.author} date={date} />}
        <time dateTime={review.created_at}>{date(review.created_at)}</time>
      </header>
      {showResource && review.resource && (
        <p className="review-resource">
          <Link href={review.resource.path}>{review.resource.title}</Link>
        </p>
      )}
      <p className="review-grade">
        <Stars value={review.grade} label={t('grade-label', { grade: review.grade })} />
      </p>
      {review.title && <h3 className="review-title">{review.title}</h3>}
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
          <p className="review-reply-title">
            {t('reply-from-owner')}
            {review.reply.replied_at && (
              <>
                {' · '}
                <time dateTime={review.reply.replied_at}>{date(review.reply.replied_at)}</time>
              </>
            )}
          </p>
          <p className="review-comment">{review.reply.text}</p>
        </div>
      )}
      {footer}
      {children}
    </article>
  )
}

/**
 * What readers weigh an author by: since when they are a member, how many published reviews they
 * have written, and a mark when their account was new as they wrote this one.
 */
async function AuthorFacts({
  author,
  date,
}: {
  author: NonNullable<ReviewView['author']>
  date: (iso: string) => string
}) {
  const t = await getTranslations('reviews')
  return (
    <span className="review-author-facts">
      {author.member_since && <span>{t('member-since', { date: date(author.member_since) })}</span>}
      {author.review_count !== null && (
        <span>{t('author-reviews', { count: author.review_count })}</span>
      )}
      {author.new_account && (
        <Badge tone="warning" title={t('new-account-hint')}>
          {t('new-account')}
        </Badge>
      )}
    </span>
  )
}
