'use client'

import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage, TextAreaField } from '@/components/ui/Field'
import { StarInput } from '@/components/ui/StarInput.client'
import { useApiForm } from '@/components/useApiForm.client'
import { LIMITS } from '@/lib/limits'

const FIELDS = ['grade', 'title', 'comment', 'criteria', 'resource_id'] as const

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
  // What the sent review became: published, or held for the moderators (the review guard).
  const [sent, setSent] = useState<'published' | 'held' | null>(null)

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
      }),
    )
    if (!answer?.ok) return
    setSent(answer.data.review.status === 'pending' ? 'held' : 'published')
    router.refresh()
  }

  if (sent)
    return (
      <p role="status" className="form-success">
        {t(sent === 'held' ? 'held' : 'sent')}
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
        error={form.formError ?? form.fieldErrors.resource_id ?? form.fieldErrors.criteria}
      />
      <div className="form-actions">
        <Button type="submit" size="l" busy={form.isSubmitting}>
          {form.isSubmitting ? t('sending') : t('submit')}
        </Button>
      </div>
    </form>
  )
}
