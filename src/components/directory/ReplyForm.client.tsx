'use client'

import { useRouter } from 'next/navigation'
import { useTranslations } from 'next-intl'
import type { FormEvent } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { FormMessage, TextAreaField } from '@/components/ui/Field'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'
import { LIMITS } from '@/lib/limits'

const FIELDS = ['reply'] as const

/** The owner's (or operator's) one answer to a review. */
export function ReplyForm({ reviewId }: { reviewId: number }) {
  const t = useTranslations('owner-reviews')
  const router = useRouter()
  const toast = useToast()
  const form = useApiForm(FIELDS)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const reply = String(new FormData(event.currentTarget).get('reply') ?? '')
    const answer = await form.submit(() => apiPost('/reply-review', { review_id: reviewId, reply }))
    if (!answer?.ok) return
    toast(t('reply-sent'))
    router.refresh()
  }

  return (
    <form className="form reply-form" onSubmit={onSubmit}>
      <TextAreaField
        id={`reply-${reviewId}`}
        name="reply"
        label={t('reply')}
        hint={t('reply-hint')}
        required
        rows={3}
        maxLength={LIMITS.reviewReplyMax}
        error={form.fieldErrors.reply}
      />
      <FormMessage error={form.formError} />
      <div className="form-actions">
        <Button type="submit" size="s" busy={form.isSubmitting}>
          {t('send-reply')}
        </Button>
      </div>
    </form>
  )
}
