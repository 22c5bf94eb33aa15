'use client'

import { useFormatter, useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { useHeldReviews, useRefreshQueue } from '@/client/swr/useModeration'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { Dialog, useConfirm } from '@/components/ui/Dialog.client'
import { FormMessage, TextAreaField } from '@/components/ui/Field'
import { QueueScreen, useQueueQuery } from '@/components/ui/QueueScreen.client'
import { Stars } from '@/components/ui/Stars'
import { EmptyState } from '@/components/ui/States'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'
import type { ReviewView } from '@/data/views/reviews'
import { Link } from '@/i18n/navigation'
import { LIMITS, REVIEW_GUARD } from '@/lib/limits'

/**
 * The reviews the review guard held (a burst of reviews from new accounts on one resource), oldest
 * first, each with what its author is weighed by: publish one, or hide it with a reason its
 * author reads.
 */
export function HeldReviewsQueue() {
  const t = useTranslations('moderation')
  const { page, setPage, query } = useQueueQuery({})
  const read = useHeldReviews(query)
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
          <p className="account-intro" aria-live="polite">
            {t('held-total', { count: data.total })}
          </p>
        )}
        renderItem={(review) => <HeldReview key={review.id} review={review} />}
        empty={<EmptyState title={t('held-empty')} />}
        errorMessage={t('load-error')}
        listClassName="moderation-items"
        rowClassName="card"
        rows={2}
        lines={4}
        page={page}
        onPage={setPage}
      />
    </>
  )
}

function HeldReview({ review }: { review: ReviewView }) {
  const t = useTranslations('moderation')
  const reviews = useTranslations('reviews')
  const format = useFormatter()
  const toast = useToast()
  const refresh = useRefreshQueue('held')
  const { confirm, dialog } = useConfirm()
  const [hiding, setHiding] = useState(false)
  const [busy, setBusy] = useState(false)
  const author = review.author?.display_name ?? t('author-gone')
  const titleId = `held-${review.id}-title`
  const date = (value: string, withTime = true) =>
    format.dateTime(
      new Date(value),
      withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
    )

  const publish = async () => {
    const ok = await confirm({
      title: t('publish-title'),
      message: t('publish-text'),
      confirmLabel: t('action-publish'),
      tone: 'primary',
    })
    if (!ok) return
    setBusy(true)
    const answer = await apiPost('/decide-held-review', { id: review.id, decision: 'publish' })
    setBusy(false)
    if (!answer.ok) return toast(answer.data.message ?? t('action-failed'), 'error')
    toast(t('done-publish', { name: author }), 'success')
    refresh()
  }

  return (
    <li className="card moderation-item" aria-labelledby={titleId}>
      <div className="moderation-item-head">
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
      <figure className="moderation-review">
        <figcaption className="moderation-review-meta">
          <Stars value={review.grade} size="s" label={t('grade', { grade: review.grade })} />
          <span>{t('review-by', { name: author })}</span>
          <time dateTime={review.created_at}>{date(review.created_at)}</time>
        </figcaption>
        <blockquote>
          {review.title && <p className="moderation-review-title">{review.title}</p>}
          <p className="moderation-review-text">{review.comment}</p>
        </blockquote>
      </figure>
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
        <HideDialog
          reviewId={review.id}
          onClose={() => setHiding(false)}
          onDone={() => {
            setHiding(false)
            toast(t('done-hide'), 'success')
            refresh()
          }}
        />
      )}
      {dialog}
    </li>
  )
}

const HIDE_FIELDS = ['reason'] as const

/** Hiding a held review says why: its author reads it on their reviews page. */
function HideDialog({
  reviewId,
  onClose,
  onDone,
}: {
  reviewId: number
  onClose: () => void
  onDone: () => void
}) {
  const t = useTranslations('moderation')
  const ui = useTranslations('ui')
  const form = useApiForm(HIDE_FIELDS)
  const formId = `hide-held-${reviewId}`

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const reason = String(new FormData(event.currentTarget).get(`${formId}-reason`) ?? '').trim()
    if (!reason) return form.showFailure({ errors: { reason: [t('reason-required')] } })
    const answer = await form.submit(() =>
      apiPost('/decide-held-review', { id: reviewId, decision: 'hide', reason }),
    )
    if (answer?.ok) onDone()
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('hide-title')}
      description={t('hide-text')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button variant="danger" type="submit" form={formId} busy={form.isSubmitting}>
            {t('confirm-hide')}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <TextAreaField
          id={`${formId}-reason`}
          label={t('hide-reason')}
          hint={t('hide-reason-hint')}
          aria-required
          rows={3}
          maxLength={LIMITS.moderationReasonMax}
          error={form.fieldErrors.reason}
        />
        <FormMessage error={form.formError} />
      </form>
    </Dialog>
  )
}
