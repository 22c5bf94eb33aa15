'use client'

import { useTranslations } from 'next-intl'
import type { FormEvent } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog.client'
import { FormMessage, TextAreaField } from '@/components/ui/Field'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'
import { LIMITS } from '@/lib/limits'
import { REPORT_REASONS, type ReportReason } from '@/lib/reviewReports'

const REPORT_FIELDS = ['reason', 'comment', 'review_id'] as const

/** The report form of a review, in a dialog (loaded by ReviewFeedback when first asked for). */
export function ReportDialog({
  reviewId,
  open,
  onClose,
  onReported,
}: {
  reviewId: number
  open: boolean
  onClose: () => void
  onReported: () => void
}) {
  const t = useTranslations('report')
  const toast = useToast()
  const form = useApiForm(REPORT_FIELDS)
  const id = `report-${reviewId}`

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const answer = await form.submit(() =>
      apiPost('/report-review', {
        review_id: reviewId,
        // One of the radios below; the server refuses anything else.
        reason: String(data.get('reason') ?? '') as ReportReason,
        comment: String(data.get('comment') ?? ''),
      }),
    )
    if (!answer?.ok) return
    toast(t('sent'))
    onReported()
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('title')} description={t('lead')}>
      {open && (
        <form className="form report-form" onSubmit={onSubmit}>
          <fieldset
            className="radio-group"
            aria-describedby={form.fieldErrors.reason ? `${id}-reason-error` : undefined}
          >
            <legend>{t('reason')}</legend>
            {REPORT_REASONS.map((reason) => (
              <label key={reason}>
                <input type="radio" name="reason" value={reason} required />
                <span>{t(`reason-${reason}`)}</span>
              </label>
            ))}
            {form.fieldErrors.reason && (
              <p id={`${id}-reason-error`} role="alert" className="form-error">
                {form.fieldErrors.reason}
              </p>
            )}
          </fieldset>
          <TextAreaField
            id={`${id}-comment`}
            name="comment"
            label={t('comment')}
            hint={t('comment-hint')}
            rows={3}
            maxLength={LIMITS.reportCommentMax}
            error={form.fieldErrors.comment}
          />
          <FormMessage error={form.formError ?? form.fieldErrors.review_id} />
          <div className="dialog-footer">
            <Button variant="secondary" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="danger" busy={form.isSubmitting}>
              {form.isSubmitting ? t('sending') : t('submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
