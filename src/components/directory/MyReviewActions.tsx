'use client'

import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { FormMessage, TextAreaField } from '@/components/Field'
import { useApiForm } from '@/components/useApiForm'
import { LIMITS } from '@/lib/limits'

const FIELDS = ['grade', 'comment'] as const

/** Edit or delete one of the visitor's own reviews, in place. */
export function MyReviewActions({
  reviewId,
  grade,
  comment,
}: {
  reviewId: number
  grade: number
  comment: string
}) {
  const t = useTranslations('my-reviews')
  const router = useRouter()
  const form = useApiForm(FIELDS)
  const [isEditing, setIsEditing] = useState(false)

  const onSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const answer = await form.submit(() =>
      apiPost('/update-my-reviews', {
        review_id: reviewId,
        grade: Number(data.get('grade')),
        comment: String(data.get('comment') ?? ''),
      }),
    )
    if (!answer?.ok) return
    setIsEditing(false)
    router.refresh()
  }

  const onDelete = async () => {
    if (!window.confirm(t('confirm-delete'))) return
    const answer = await form.submit(() => apiPost('/delete-my-reviews', { review_id: reviewId }))
    if (answer?.ok) router.refresh()
  }

  if (!isEditing) {
    return (
      <div className="review-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => setIsEditing(true)}
        >
          {t('edit')}
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={onDelete}
          disabled={form.isSubmitting}
        >
          {t('delete')}
        </button>
        <FormMessage error={form.formError} />
      </div>
    )
  }
  return (
    <form className="form" onSubmit={onSave}>
      <div className="field">
        <label htmlFor={`grade-${reviewId}`}>{t('grade')}</label>
        <select id={`grade-${reviewId}`} name="grade" defaultValue={grade}>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <TextAreaField
        id={`comment-${reviewId}`}
        name="comment"
        label={t('comment')}
        defaultValue={comment}
        required
        rows={4}
        maxLength={LIMITS.reviewCommentMax}
        error={form.fieldErrors.comment}
      />
      <FormMessage error={form.formError} />
      <div className="review-actions">
        <button type="submit" className="button" disabled={form.isSubmitting}>
          {t('save')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setIsEditing(false)}
        >
          {t('cancel')}
        </button>
      </div>
    </form>
  )
}
