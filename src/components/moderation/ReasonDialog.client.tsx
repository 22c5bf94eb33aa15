'use client'

import { useTranslations } from 'next-intl'
import type { FormEvent, ReactNode } from 'react'

import type { ApiAnswer } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog.client'
import { FormMessage, TextAreaField } from '@/components/ui/Field'
import { type ApiFailure, useApiForm } from '@/components/useApiForm.client'
import { LIMITS } from '@/lib/limits'

const REASON_FIELDS = ['reason'] as const

/**
 * A moderator's decision that says why (hiding a review, rejecting a resource, blocking an
 * author, the same for a batch): a dialog with the reason, required, which `send` carries to the
 * server with the rest of the form (`children` may add fields); the server's refusal shows beside
 * the reason, and `onDone` gets the answer.
 */
export function ReasonDialog<T>({
  id,
  title,
  description,
  label,
  hint,
  confirmLabel,
  send,
  onClose,
  onDone,
  children,
}: {
  id: string
  title: string
  description: string
  label: string
  hint: string
  confirmLabel: string
  send: (reason: string, form: FormData) => Promise<ApiAnswer<T, ApiFailure>>
  onClose: () => void
  onDone: (answer: T) => void
  children?: ReactNode
}) {
  const t = useTranslations('moderation')
  const ui = useTranslations('ui')
  const form = useApiForm(REASON_FIELDS)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const reason = String(data.get(`${id}-reason`) ?? '').trim()
    if (!reason) return form.showFailure({ errors: { reason: [t('reason-required')] } })
    const answer = await form.submit(() => send(reason, data))
    if (answer?.ok) onDone(answer.data)
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {ui('cancel')}
          </Button>
          <Button variant="danger" type="submit" form={id} busy={form.isSubmitting}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={id} className="form" onSubmit={submit} noValidate>
        <TextAreaField
          id={`${id}-reason`}
          label={label}
          hint={hint}
          aria-required
          rows={3}
          maxLength={LIMITS.moderationReasonMax}
          error={form.fieldErrors.reason}
        />
        {children}
        <FormMessage error={form.formError} />
      </form>
    </Dialog>
  )
}
