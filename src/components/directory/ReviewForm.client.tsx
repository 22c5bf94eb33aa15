'use client'

import { useFormatter, useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { type PostAnswer, apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage, TextAreaField } from '@/components/ui/Field'
import { StarInput } from '@/components/ui/StarInput.client'
import { useApiForm } from '@/components/useApiForm.client'
import { LIMITS } from '@/lib/limits'

import { ReviewBody } from './ReviewBody'

const FIELDS = ['grade', 'title', 'comment', 'criteria', 'resource_id', 'invitation'] as const

type SentReview = PostAnswer<'/add-reviews'>['review']

/**
 * The review form of a resource page. A published review is drawn here at once from the answer:
 * the page itself is served as it was to the next visit while it is rendered again in the
 * background (bench/README.md, "After a write"), so its list and rating follow a moment later.
 */
export function ReviewForm({
  resourceId,
  criteria,
  invitation,
}: {
  resourceId: number
  criteria: readonly string[]
  /** A review invitation's token: the review spends it and is marked invited. */
  invitation?: string
}) {
  const t = useTranslations('review-form')
  const names = useTranslations('criteria')
  const form = useApiForm(FIELDS)
  // The sent review: published, or held for the moderators (the review guard).
  const [sent, setSent] = useState<SentReview | null>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const rated = Object.fromEntries(
      criteria
        .filter((key) => data.get(`criterion-${key}`))
        .map((key) => [key, Number(data.get(`criterion-${key}`))]),
    )
    const answer = await form.submit(() =>
      apiPost('/add-reviews', {
        resource_id: resourceId,
        grade: Number(data.get('grade')),
        title: String(data.get('title') ?? ''),
        comment: String(data.get('comment') ?? ''),
        criteria: rated,
        ...(invitation ? { invitation } : {}),
      }),
    )
    if (answer?.ok) setSent(answer.data.review)
  }

  if (sent?.status === 'published') return <PublishedReview review={sent} />
  if (sent)
    return (
      <p role="status" className="form-success">
        {t('held')}
      </p>
    )

  return (
    <form className="form review-form" onSubmit={onSubmit} aria-label={t('heading')}>
      <StarInput name="grade" legend={t('grade')} required error={form.fieldErrors.grade} />
      <Field
        id="title"
        label={t('title')}
        hint={t('title-hint')}
        maxLength={LIMITS.reviewTitleMax}
        error={form.fieldErrors.title}
      />
      <TextAreaField
        id="comment"
        label={t('comment')}
        hint={t('comment-hint')}
        required
        rows={5}
        maxLength={LIMITS.reviewCommentMax}
        error={form.fieldErrors.comment}
      />
      <details className="criteria-choice">
        <summary>{t('criteria')}</summary>
        <div className="criteria-grid">
          {criteria.map((key) => (
            <StarInput key={key} name={`criterion-${key}`} legend={names(key)} size="m" />
          ))}
        </div>
      </details>
      <FormMessage
        error={
          form.formError ??
          form.fieldErrors.resource_id ??
          form.fieldErrors.criteria ??
          form.fieldErrors.invitation
        }
      />
      <div className="form-actions">
        <Button type="submit" size="l" busy={form.isSubmitting}>
          {form.isSubmitting ? t('sending') : t('submit')}
        </Button>
      </div>
    </form>
  )
}

/** The author's review as published, drawn from the call's answer. */
function PublishedReview({ review }: { review: SentReview }) {
  const t = useTranslations('review-form')
  const format = useFormatter()
  return (
    <div className="sent-review">
      <p role="status" className="form-success">
        {t('sent')}
      </p>
      <article className="review" aria-label={t('yours')}>
        <header className="review-header">
          <span className="review-author">{t('yours')}</span>
          <time dateTime={review.created_at}>
            {format.dateTime(new Date(review.created_at), { dateStyle: 'medium' })}
          </time>
        </header>
        <ReviewBody review={review} gradeLabel={t('grade-label', { grade: review.grade })} />
      </article>
    </div>
  )
}
