'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useRef, useState } from 'react'

import { apiPost } from '@/client/api'
import { chosenFiles, useAttachments } from '@/components/AttachmentsField.client'
import { Button, buttonClass } from '@/components/ui/Button'
import { FormMessage, SelectField, TextAreaField } from '@/components/ui/Field'
import { EmptyState } from '@/components/ui/States'
import { useApiForm } from '@/components/useApiForm.client'
import type { VerifiableResource } from '@/data/views/support'
import { Link } from '@/i18n/navigation'
import { LIMITS } from '@/lib/limits'

const FIELDS = ['resource_id', 'message', 'attachments'] as const

/**
 * A request to verify one of the viewer's resources (`POST /add-request-for-verification`): the
 * resource, a message and the files that prove it is theirs. Verified resources and those with a
 * waiting request are shown but cannot be chosen; when none is left to choose, the viewer is sent
 * to their requests instead.
 */
export function VerificationForm({
  resources,
  preselected,
}: {
  resources: VerifiableResource[]
  preselected: number | null
}) {
  const t = useTranslations('verification')
  const form = useApiForm(FIELDS)
  const attachments = useAttachments({ required: true })
  const [sent, setSent] = useState<string | null>(null)
  const thanks = useRef<HTMLDivElement>(null)
  const choosable = resources.filter((resource) => !resource.verified && !resource.open_request)
  const initial = choosable.find((resource) => resource.id === preselected)?.id ?? ''

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const data = new FormData(element)
    const files = chosenFiles(data)
    if (attachments.check(files)) return
    const body = new FormData()
    body.append('resource_id', String(data.get('resource_id') ?? ''))
    body.append('message', String(data.get('message') ?? '').trim())
    for (const file of files) body.append('attachments', file)
    const answer = await form.submit(() => apiPost('/add-request-for-verification', body))
    if (!answer?.ok) return
    setSent(answer.data.request?.resource?.title ?? '')
    element.reset()
    requestAnimationFrame(() => thanks.current?.focus())
  }

  if (sent !== null) {
    return (
      <div ref={thanks} className="card verification-sent" role="status" tabIndex={-1}>
        <p className="verification-sent-title">{t('sent-title')}</p>
        <p>{t('sent-text', { title: sent })}</p>
        <Link href="/resource-check" className={buttonClass({ size: 's' })}>
          {t('to-checks')}
        </Link>
      </div>
    )
  }

  if (!choosable.length) {
    return (
      <EmptyState
        title={t('nothing-choosable')}
        action={
          <Link href="/resource-check" className={buttonClass({ size: 's', variant: 'secondary' })}>
            {t('to-checks')}
          </Link>
        }
      />
    )
  }

  return (
    <form className="form support-form" onSubmit={onSubmit}>
      <SelectField
        id="resource_id"
        label={t('resource')}
        required
        defaultValue={String(initial)}
        error={form.fieldErrors.resource_id}
        options={[
          { value: '', label: t('resource-placeholder') },
          ...resources.map((resource) => ({
            value: String(resource.id),
            label: resource.verified
              ? t('option-verified', { title: resource.title })
              : resource.open_request
                ? t('option-pending', { title: resource.title })
                : resource.title,
            disabled: resource.verified || resource.open_request,
          })),
        ]}
      />
      <TextAreaField
        id="message"
        label={t('message')}
        hint={t('message-hint')}
        required
        rows={6}
        maxLength={LIMITS.messageMax}
        error={form.fieldErrors.message}
      />
      {attachments.field({ label: t('files'), serverError: form.fieldErrors.attachments })}
      <FormMessage error={form.formError} />
      <div className="form-actions">
        <Button type="submit" busy={form.isSubmitting}>
          {form.isSubmitting ? t('sending') : t('send')}
        </Button>
      </div>
    </form>
  )
}
