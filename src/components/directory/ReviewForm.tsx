'use client'

import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { FormMessage, TextAreaField } from '@/components/Field'
import { useApiForm } from '@/components/useApiForm'
import { LIMITS } from '@/lib/limits'

const FIELDS = ['grade', 'comment', 'criteria', 'resource_id'] as const
const GRADES = [5, 4, 3, 2, 1]

/** A group of five radio buttons for a grade (the overall one or a criterion's). */
function GradeChoice({
  name,
  legend,
  required,
  error,
}: {
  name: string
  legend: string
  required?: boolean
  error?: string
}) {
  const t = useTranslations('review-form')
  return (
    <fieldset className="grade-choice" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>{legend}</legend>
      {GRADES.map((grade) => (
        <label key={grade}>
          <input type="radio" name={name} value={grade} required={required} />
          <span>{t('grade-option', { grade })}</span>
        </label>
      ))}
      {error && (
        <p id={`${name}-error`} role="alert" className="form-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** The review form of a resource page; after sending, the page reloads its rating and reviews. */
export function ReviewForm({
  resourceId,
  criteria,
}: {
  resourceId: number
  criteria: readonly string[]
}) {
  const t = useTranslations('review-form')
  const names = useTranslations('criteria')
  const router = useRouter()
  const form = useApiForm(FIELDS)
  const [isSent, setIsSent] = useState(false)

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
        comment: String(data.get('comment') ?? ''),
        criteria: rated,
      }),
    )
    if (!answer?.ok) return
    setIsSent(true)
    router.refresh()
  }

  if (isSent)
    return (
      <p role="status" className="form-success">
        {t('sent')}
      </p>
    )

  return (
    <form className="form review-form" onSubmit={onSubmit} aria-labelledby="review-form-heading">
      <h2 id="review-form-heading">{t('heading')}</h2>
      <GradeChoice name="grade" legend={t('grade')} required error={form.fieldErrors.grade} />
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
        {criteria.map((key) => (
          <GradeChoice key={key} name={`criterion-${key}`} legend={names(key)} />
        ))}
      </details>
      <FormMessage
        error={form.formError ?? form.fieldErrors.resource_id ?? form.fieldErrors.criteria}
      />
      <button type="submit" className="button" disabled={form.isSubmitting}>
        {form.isSubmitting ? t('sending') : t('submit')}
      </button>
    </form>
  )
}
