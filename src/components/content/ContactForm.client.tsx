'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useRef, useState } from 'react'

import { apiPost } from '@/client/api'
import { chosenFiles, useAttachments } from '@/components/AttachmentsField.client'
import { useCaptcha } from '@/components/Captcha.client'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage, TextAreaField } from '@/components/ui/Field'
import { useApiForm } from '@/components/useApiForm.client'
import { LIMITS } from '@/lib/limits'

const FIELDS = ['name', 'email', 'subject', 'message', 'attachments', 'captcha'] as const

/**
 * The contact form (`POST /add-contacts`): the rules of its files told in advance and checked
 * here with the server's own messages before it checks them again by their bytes; the
 * reCAPTCHA when a site key is configured; a thank-you once the message is stored, the form
 * emptied for another.
 */
export function ContactForm() {
  const t = useTranslations('contacts')
  const form = useApiForm(FIELDS)
  const captcha = useCaptcha({ label: t('captcha'), error: form.fieldErrors.captcha })
  const attachments = useAttachments()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const thanks = useRef<HTMLDivElement>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const data = new FormData(element)
    const files = chosenFiles(data)
    if (attachments.check(files)) return
    const body = new FormData()
    for (const name of ['name', 'email', 'subject', 'message'] as const) {
      body.append(name, String(data.get(name) ?? '').trim())
    }
    for (const file of files) body.append('attachments', file)
    if (captcha.enabled) body.append('captcha', captcha.token ?? '')
    const answer = await form.submit(() => apiPost('/add-contacts', body))
    // A reCAPTCHA answer is good for one check only.
    captcha.reset()
    if (!answer?.ok) return
    setSentTo(String(data.get('email') ?? '').trim())
    element.reset()
    requestAnimationFrame(() => thanks.current?.focus())
  }

  return (
    <section className="contact-form" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t('form-heading')}</h2>
      <p className="field-hint">{t('form-lead')}</p>
      {sentTo && (
        <div ref={thanks} className="contact-thanks" role="status" tabIndex={-1}>
          <p className="contact-thanks-title">{t('sent-title')}</p>
          <p>{t('sent-message', { email: sentTo })}</p>
        </div>
      )}
      <form className="form" onSubmit={onSubmit} onInput={() => setSentTo(null)}>
        <Field
          id="name"
          label={t('name')}
          autoComplete="name"
          required
          maxLength={LIMITS.nameMax}
          error={form.fieldErrors.name}
        />
        <Field
          id="email"
          label={t('email')}
          type="email"
          autoComplete="email"
          required
          error={form.fieldErrors.email}
        />
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
          rows={7}
          maxLength={LIMITS.messageMax}
          error={form.fieldErrors.message}
        />
        {attachments.field({ label: t('attachments'), serverError: form.fieldErrors.attachments })}
        {captcha.field}
        <FormMessage error={form.formError} />
        <div className="form-actions">
          <Button type="submit" busy={form.isSubmitting}>
            {form.isSubmitting ? t('submitting') : t('submit')}
          </Button>
        </div>
      </form>
    </section>
  )
}
