'use client'

import { useTranslations } from 'next-intl'
import type { FormEvent } from 'react'

import { apiPost } from '@/client/api'
import { chosenFiles, useAttachments } from '@/components/AttachmentsField.client'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage, TextAreaField } from '@/components/ui/Field'
import { useApiForm } from '@/components/useApiForm.client'
import { useRouter } from '@/i18n/navigation'
import { LIMITS } from '@/lib/limits'
import { ticketPath } from '@/lib/support'

const FIELDS = ['subject', 'message', 'attachments'] as const

/** A new ticket (`POST /add-requests`): subject, message and files; then its page. */
export function SendTicketForm() {
  const t = useTranslations('tickets')
  const form = useApiForm(FIELDS)
  const attachments = useAttachments()
  const router = useRouter()

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const files = chosenFiles(data)
    if (attachments.check(files)) return
    const body = new FormData()
    body.append('subject', String(data.get('subject') ?? '').trim())
    body.append('message', String(data.get('message') ?? '').trim())
    for (const file of files) body.append('attachments', file)
    const answer = await form.submit(() => apiPost('/add-requests', body))
    if (answer?.ok) router.push(ticketPath(answer.data.ticket.id))
  }

  return (
    <form className="form support-form" onSubmit={onSubmit}>
      <Field
        id="subject"
        label={t('subject')}
        required
        maxLength={LIMITS.subjectMax}
        error={form.fieldErrors.subject}
      />
      <TextAreaField
        id="message"
        label={t('message')}
        hint={t('message-hint', { max: LIMITS.messageMax })}
        required
        rows={8}
        maxLength={LIMITS.messageMax}
        error={form.fieldErrors.message}
      />
      {attachments.field({ serverError: form.fieldErrors.attachments })}
      <FormMessage error={form.formError} />
      <div className="form-actions">
        <Button type="submit" busy={form.isSubmitting}>
          {form.isSubmitting ? t('sending') : t('send')}
        </Button>
      </div>
    </form>
  )
}
