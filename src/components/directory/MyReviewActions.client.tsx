'use client'

import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { type FormEvent, useEffect, useRef, useState } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { useConfirm } from '@/components/ui/Dialog.client'
import { Field, FormMessage, TextAreaField } from '@/components/ui/Field'
import { StarInput } from '@/components/ui/StarInput.client'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'
import { LIMITS } from '@/lib/limits'
import { REVIEW_CRITERIA, type ResourceType } from '@/lib/resourceTypes'

const FIELDS = ['grade', 'title', 'comment', 'criteria'] as const

/**
 * Edit or delete one of the visitor's own reviews, in place: the grade and the criteria of the
 * resource's type as stars, pre-filled with what the review says now.
 */
export function MyReviewActions({
  reviewId,
  grade,
  title,
  comment,
  criteria,
  resourceType,
}: {
  reviewId: number
  grade: number
  title: string | null
  comment: string
  criteria: Record<string, number>
  resourceType: ResourceType | null
}) {
  const t = useTranslations('my-reviews')
  const names = useTranslations('criteria')
  const router = useRouter()
  const toast = useToast()
  const { confirm, dialog } = useConfirm()
  const form = useApiForm(FIELDS)
  const [isEditing, setIsEditing] = useState(false)
  const editForm = useRef<HTMLFormElement>(null)
  const wasEditing = useRef(false)
  const keys = resourceType ? REVIEW_CRITERIA[resourceType] : Object.keys(criteria)

  // Focus follows the switch: into the form when it opens, back to "Edit" when it closes.
  useEffect(() => {
    if (isEditing) {
      editForm.current?.querySelector<HTMLInputElement>('input[name="grade"]:checked')?.focus()
    } else if (wasEditing.current) {
      document.getElementById(`edit-review-${reviewId}`)?.focus()
    }
    wasEditing.current = isEditing
  }, [isEditing, reviewId])

  const onSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const rated = Object.fromEntries(
      keys
        .filter((key) => data.get(`criterion-${key}`))
        .map((key) => [key, Number(data.get(`criterion-${key}`))]),
    )
    const answer = await form.submit(() =>
      apiPost('/update-my-reviews', {
        review_id: reviewId,
        grade: Number(data.get('grade')),
        title: String(data.get('title') ?? ''),
        comment: String(data.get('comment') ?? ''),
        criteria: rated,
      }),
    )
    if (!answer?.ok) return
    setIsEditing(false)
    toast(t('updated'))
    router.refresh()
  }

  const onDelete = async () => {
    const isConfirmed = await confirm({
      title: t('confirm-delete'),
      message: t('confirm-delete-text'),
      confirmLabel: t('delete'),
      tone: 'danger',
    })
    if (!isConfirmed) return
    const answer = await form.submit(() => apiPost('/delete-my-reviews', { review_id: reviewId }))
    if (!answer?.ok) return
    toast(t('deleted'))
    router.refresh()
  }

  if (!isEditing) {
    return (
      <div className="review-actions">
        <Button
          id={`edit-review-${reviewId}`}
          variant="secondary"
          size="s"
          onClick={() => setIsEditing(true)}
          disabled={form.isSubmitting}
        >
          {t('edit')}
        </Button>
        <Button variant="danger" size="s" onClick={onDelete} busy={form.isSubmitting}>
          {t('delete')}
        </Button>
        <FormMessage error={form.formError} />
        {dialog}
      </div>
    )
  }
  return (
    <form ref={editForm} className="form my-review-form" onSubmit={onSave}>
      <StarInput
        name="grade"
        legend={t('grade')}
        defaultValue={grade}
        required
        error={form.fieldErrors.grade}
      />
      <Field
        id={`title-${reviewId}`}
        name="title"
        label={t('review-title')}
        defaultValue={title ?? ''}
        maxLength={LIMITS.reviewTitleMax}
        error={form.fieldErrors.title}
      />
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
      {keys.length > 0 && (
        <fieldset className="criteria-edit">
          <legend>{t('criteria')}</legend>
          {keys.map((key) => (
            <StarInput
              key={key}
              name={`criterion-${key}`}
              legend={names(key)}
              defaultValue={criteria[key]}
              size="m"
            />
          ))}
        </fieldset>
      )}
      <FormMessage error={form.formError ?? form.fieldErrors.criteria} />
      <div className="form-actions">
        <Button type="submit" busy={form.isSubmitting}>
          {t('save')}
        </Button>
        <Button variant="secondary" onClick={() => setIsEditing(false)}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  )
}
