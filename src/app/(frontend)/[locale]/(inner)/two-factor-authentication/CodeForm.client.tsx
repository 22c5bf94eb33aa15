'use client'

import type { FormEvent, ReactNode } from 'react'

import type { ApiAnswer } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage } from '@/components/ui/Field'
import { type ApiFailure, useApiForm } from '@/components/useApiForm.client'

const FIELDS = ['code'] as const

/** One code field and a button: the last step of every change on this screen. */
export function CodeForm({
  id,
  label,
  submitLabel,
  isAppCode,
  send,
  onDone,
  actions,
  children,
}: {
  id: string
  label: string
  submitLabel: string
  isAppCode: boolean
  send: (code: string) => Promise<ApiAnswer<unknown, ApiFailure>>
  onDone: () => void
  /** Other buttons, beside the one that sends the code. */
  actions?: ReactNode
  children?: ReactNode
}) {
  const form = useApiForm(FIELDS)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    const answer = await form.submit(() => send(code))
    if (answer?.ok) onDone()
  }

  return (
    <form className="form" onSubmit={onSubmit} aria-labelledby={`${id}-heading`}>
      {children}
      <Field
        id={`${id}-code`}
        name="code"
        label={label}
        required
        autoComplete="one-time-code"
        error={form.fieldErrors.code}
        {...(isAppCode
          ? { inputMode: 'numeric', pattern: '\\d{6}', maxLength: 6 }
          : { autoCapitalize: 'off', spellCheck: false })}
      />
      <FormMessage error={form.formError} />
      <div className="form-actions">
        <Button type="submit" busy={form.isSubmitting}>
          {submitLabel}
        </Button>
        {actions}
      </div>
    </form>
  )
}
