'use client'

import { useTranslations } from 'next-intl'
import type { FormEvent } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage, NewPasswordFields } from '@/components/ui/Field'
import { useToast } from '@/components/ui/Toast.client'
import { useApiForm } from '@/components/useApiForm.client'

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const

export function ChangePasswordForm() {
  const t = useTranslations('password')
  const form = useApiForm(FIELDS)
  const toast = useToast()

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    // Spec §7: this call takes form data.
    const answer = await form.submit(() => apiPost('/change-password', new FormData(element)))
    if (!answer?.ok) return
    element.reset()
    toast(t('done'))
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
      <FormMessage error={form.formError} />
      <Button type="submit" busy={form.isSubmitting}>
        {form.isSubmitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  )
}
