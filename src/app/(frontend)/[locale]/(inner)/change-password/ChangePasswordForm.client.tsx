'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { Field, FormMessage, NewPasswordFields } from '@/components/Field'
import { useApiForm } from '@/components/useApiForm'

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const

export function ChangePasswordForm() {
  const t = useTranslations('password')
  const form = useApiForm(FIELDS)
  const [isDone, setIsDone] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setIsDone(false)
    const element = event.currentTarget
    // Spec §7: this call takes form data.
    const answer = await form.submit(() => apiPost('/change-password', new FormData(element)))
    if (!answer?.ok) return
    element.reset()
    setIsDone(true)
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      <Field
        id="current_password"
        label={t('current')}
        type="password"
        autoComplete="current-password"
        required
        error={form.fieldErrors.current_password}
      />
      <NewPasswordFields
        label={t('new')}
        hint={t('new-hint')}
        confirmationLabel={t('confirmation')}
        errors={form.fieldErrors}
      />
      <FormMessage error={form.formError} success={isDone ? t('done') : null} />
      <button type="submit" className="button" disabled={form.isSubmitting}>
        {form.isSubmitting ? t('submitting') : t('submit')}
      </button>
    </form>
  )
}
