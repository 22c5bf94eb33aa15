'use client'

import { useFormatter, useTranslations } from 'next-intl'
import { useState } from 'react'

import { apiPost } from '@/client/api'
import { useHeldReviews, useRefreshQueue } from '@/client/swr/useModeration'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { QueueScreen, useQueueQuery } from '@/components/ui/QueueScreen.client'
import { EmptyState } from '@/components/ui/States'
import type { ReviewView } from '@/data/views/reviews'
import { Link } from '@/i18n/navigation'
import { REVIEW_GUARD } from '@/lib/limits'

import { BulkBar, type Selection, useSelection } from './BulkBar.client'
import { DecisionsProvider } from './Decisions.client'
import { ReasonDialog } from './ReasonDialog.client'
import { ReviewQuote } from './ReviewQuote'
import { SelectItem } from './SelectItem.client'
import { useQueueAction } from './useQueueAction'

/**
 * The reviews the review guard held (a burst of reviews from new accounts on one resource), oldest
 * first, each with what its author is weighed by: publish one, or hide it with a reason its
 * author reads.
 */
export function HeldReviewsQueue() {
  const refresh = useRefreshQueue('held')
  return (
    <DecisionsProvider queue="held" onChange={refresh}>
      <HeldPages />
    </DecisionsProvider>
  )
}

/** What the lists call a held review: its resource and its author. */
const labelOf = (review: ReviewView, gone: string) =>
  `${review.resource?.title ?? gone} · ${review.author?.display_name ?? gone}`

function HeldPages() {
  const t = useTranslations('moderation')
  const tb = useTranslations('moderation-bulk')
  const { page, setPage, query } = useQueueQuery({})
  const read = useHeldReviews(query)
  const selection = useSelection(read.data?.reviews.map((review) => review.id) ?? [])
  return (
    <>
      <p className="account-intro">
        {t('held-lead', {
          count: REVIEW_GUARD.burstNewAccountReviews,
          hours: REVIEW_GUARD.burstWindowHours,
          days: REVIEW_GUARD.newAccountDays,
        })}
      </p>
      <QueueScreen
        className="moderation-list"
        read={read}
        items={(data) => data.reviews}
        intro={(data) => (
          <>
            <p className="account-intro" aria-live="polite">
              {t('held-total', { count: data.total })}
            </p>
            <BulkBar
              queue="held"
              items={data.reviews.map((review) => ({
                id: review.id,
                label: labelOf(review, t('resource-gone')),
              }))}
              selection={selection}
              choices={[
                {
                  action: 'publish',
                  label: tb('publish'),
                  variant: 'primary',
                  confirm: {
                    title: tb('publish-title', { count: selection.selected.length }),
                    message: tb('publish-text'),
                    confirmLabel: t('action-publish'),
                  },
                  done: (count) => tb('done-publish', { count }),
                },
                {
                  action: 'hide',
                  label: tb('hide'),
                  variant: 'danger',
                  reason: {
                    title: tb('hide-title', { count: selection.selected.length }),
                    description: tb('hide-text'),
                    label: t('hide-reason'),
                    hint: t('hide-reason-hint'),
                    confirm: t('confirm-hide'),
                  },
                  done: (count) => tb('done-hide', { count }),
                },
              ]}
            />
          </>
        )}
        renderItem={(review) => (
          <HeldReview key={review.id} review={review} selection={selection} />
        )}
        empty={<EmptyState title={t('held-empty')} />}
        errorMessage={t('load-error')}
        listClassName="moderation-items"
        rowClassName="card"
        rows={2}
        lines={4}
        page={page}
        onPage={(next) => {
          selection.pick([])
          setPage(next)
        }}
      />
    </>
  )
}

function HeldReview({ review, selection }: { review: ReviewView; selection: Selection }) {
  const t = useTranslations('moderation')
  const reviews = useTranslations('reviews')
  const format = useFormatter()
  const { busy, dialog, done, confirmThenSend } = useQueueAction()
  const [hiding, setHiding] = useState(false)
  const author = review.author?.display_name ?? t('author-gone')
  const titleId = `held-${review.id}-title`
  const date = (value: string, withTime = true) =>
    format.dateTime(
      new Date(value),
      withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
    )

  const publish = () =>
    confirmThenSend(
      {
        title: t('publish-title'),
        message: t('publish-text'),
        confirmLabel: t('action-publish'),
        tone: 'primary',
      },
      () => apiPost('/decide-held-review', { id: review.id, decision: 'publish' }),
      t('done-publish', { name: author }),
    )

  return (
    <li className="card moderation-item" aria-labelledby={titleId}>
      <div className="moderation-item-head">
        <SelectItem
          selection={selection}
          id={review.id}
          label={labelOf(review, t('resource-gone'))}
        />
        <h2 id={titleId} className="moderation-item-title">
          {review.resource ? (
            <Link href={review.resource.path}>{review.resource.title}</Link>
          ) : (
            t('resource-gone')
          )}
        </h2>
        <span className="moderation-badges">
          <Badge tone="warning">{t('badge-held')}</Badge>
          {review.author?.new_account && <Badge tone="neutral">{reviews('new-account')}</Badge>}
        </span>
      </div>
      <ReviewQuote review={review} author={author} date={date(review.created_at)} />
      {review.author && (
        <p className="moderation-facts">
          {review.author.member_since && (
            <span>
              {reviews('member-since', { date: date(review.author.member_since, false) })}
            </span>
          )}
          {review.author.review_count !== null && (
            <span>{reviews('author-reviews', { count: review.author.review_count })}</span>
          )}
        </p>
      )}
      <div className="moderation-actions">
        <Button size="s" disabled={busy} onClick={publish}>
          {t('action-publish')}
          <span className="visually-hidden"> {t('review-by', { name: author })}</span>
        </Button>
        <Button size="s" variant="danger" disabled={busy} onClick={() => setHiding(true)}>
          {t('action-hide')}
          <span className="visually-hidden"> {t('review-by', { name: author })}</span>
        </Button>
        <a className="moderation-admin-link" href={`/admin/collections/reviews/${review.id}`}>
          {t('open-in-admin')}
        </a>
      </div>
      {hiding && (
        <ReasonDialog
          id={`hide-held-${review.id}`}
          title={t('hide-title')}
          description={t('hide-text')}
          label={t('hide-reason')}
          hint={t('hide-reason-hint')}
          confirmLabel={t('confirm-hide')}
          send={(reason) =>
            apiPost('/decide-held-review', { id: review.id, decision: 'hide', reason })
          }
          onClose={() => setHiding(false)}
          onDone={(answer) => {
            setHiding(false)
            done(t('done-hide'), answer)
          }}
        />
      )}
      {dialog}
    </li>
  )
}
