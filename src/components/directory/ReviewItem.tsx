import { getImageProps } from 'next/image'
import { getFormatter, getTranslations } from 'next-intl/server'

import { Badge } from '@/components/ui/Badge'
import type { ReviewView } from '@/data/views/reviews'
import { Link } from '@/i18n/navigation'
import { reviewAnchor } from '@/lib/permalinks'
import { reviewerPath } from '@/lib/reviewers'

import { ReviewBody } from './ReviewBody'

/**
 * One review: who and when, what it says (ReviewBody) and the owner's reply; `footer` holds what
 * the reader may do with it. The author's name leads to their reviewer profile when they have a
 * public one; `showAuthor: false` leaves the author out (their own profile lists the review) and
 * names the resource in their place. The reply is plain text rendered as React text nodes, so any
 * markup in it is shown, never run.
 */
export async function ReviewItem({
  review,
  showResource = false,
  showAuthor = true,
  footer,
  children,
}: {
  review: ReviewView
  showResource?: boolean
  showAuthor?: boolean
  footer?: React.ReactNode
  children?: React.ReactNode
}) {
  const t = await getTranslations('reviews')
  const format = await getFormatter()
  const name = review.author?.display_name ?? ''
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' })
  return (
    <article id={reviewAnchor(review.id)} className="review" aria-label={t('by', { author: name })}>
      <header className="review-header">
        {showAuthor && <AuthorName author={review.author} name={name} />}
        {showAuthor && review.author && <AuthorFacts author={review.author} date={date} />}
        {!showAuthor && showResource && review.resource && (
          <Link href={review.resource.path} className="review-author">
            {review.resource.title}
          </Link>
        )}
        {review.invited && <InvitedMark />}
        <time dateTime={review.created_at}>{date(review.created_at)}</time>
      </header>
      {showAuthor && showResource && review.resource && (
        <p className="review-resource">
          <Link href={review.resource.path}>{review.resource.title}</Link>
        </p>
      )}
      <ReviewBody review={review} gradeLabel={t('grade-label', { grade: review.grade })} />
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
 * The author's picture and name; the name leads to their reviewer profile when they have a public
 * one (not private, not blocked).
 */
function AuthorName({ author, name }: { author: ReviewView['author']; name: string }) {
  return (
    <>
      {author?.avatar ? (
        // eslint-disable-next-line @next/next/no-img-element -- next/image's props, no client code
        <img
          {...getImageProps({
            src: author.avatar,
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
      {author?.profile ? (
        <Link href={reviewerPath(author.profile)} className="review-author">
          {name}
        </Link>
      ) : (
        <span className="review-author">{name}</span>
      )}
    </>
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

/** The mark of a review written through the resource's invitation (its grade is the author's). */
async function InvitedMark() {
  const t = await getTranslations('invitations')
  return (
    <Badge tone="info" title={t('review-label-hint')}>
      {t('review-label')}
    </Badge>
  )
}
