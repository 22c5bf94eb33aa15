'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog.client'
import { FormMessage, TextAreaField } from '@/components/ui/Field'
import type { ContactMessageView } from '@/data/views/contacts'
import { contactReplyText } from '@/lib/contactReply'
import { LIMITS } from '@/lib/limits'

import { SavedReplyPicker } from '../tickets/SavedReplyPicker.client'

/** The answer to a contact message, written once, with the mail it makes shown beside it. */
export function ReplyDialog({
  item,
  onClose,
  onSent,
}: {
  item: ContactMessageView
  onClose: () => void
  onSent: () => void
}) {
  const t = useTranslations('contacts-queue')
  const ui = useTranslations('ui')
  const [error, setError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [text, setText] = useState('')
  const formId = `reply-form-${item.id}`
  const fieldId = `reply-${item.id}`

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const reply = String(new FormData(event.currentTarget).get('reply') ?? '').trim()
    setError(null)
    setFormError(null)
    if (!reply) return setError(t('reply-required'))
    setBusy(true)
    const result = await apiPost('/reply-contact-message', { id: item.id, reply })
    setBusy(false)
    if (result.ok) return onSent()
    const fieldErrors = result.data.errors
    const replyError =
      fieldErrors && !Array.isArray(fieldErrors) ? fieldErrors.reply?.[0] : undefined
    if (replyError) setError(replyError)
    else setFormError(result.data.message ?? t('action-failed'))
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('reply-dialog-title', { subject: item.subject })}
      description={t('reply-dialog-text', { email: item.email })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {t('send-reply')}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit}>
        <SavedReplyPicker target={fieldId} />
        <TextAreaField
          id={fieldId}
          name="reply"
          label={t('reply-label')}
          required
          rows={6}
          maxLength={LIMITS.messageMax}
          error={error}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <FormMessage error={formError} />
        <MailPreview item={item} reply={text.trim()} />
      </form>
    </Dialog>
  )
}

/** The reply mail as its recipient will get it: the frame the server adds, around the reply. */
function MailPreview({ item, reply }: { item: ContactMessageView; reply: string }) {
  const t = useTranslations('contacts-queue')
  const frame = item.reply_frame
  return (
    <section className="reply-preview" aria-labelledby={`reply-preview-${item.id}`}>
      <h3 id={`reply-preview-${item.id}`}>{t('preview-title')}</h3>
      <dl className="reply-preview-head">
        <dt>{t('preview-to')}</dt>
        <dd>
          {item.name} &lt;{item.email}&gt;
        </dd>
        <dt>{t('preview-subject')}</dt>
        <dd>{frame.subject}</dd>
      </dl>
      <pre className="reply-preview-body">
        {contactReplyText({
          frame,
          reply: reply || t('preview-empty'),
          message: item.message,
        })}
      </pre>
    </section>
  )
}
