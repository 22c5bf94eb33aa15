'use client'

import { useTranslations } from 'next-intl'
import type { FormEvent } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage } from '@/components/ui/Field'
import { useApiForm } from '@/components/useApiForm.client'

const FIELDS = ['code'] as const

/** Step 2 of registration: the code emailed to the new address confirms the account. */
export function VerifyEmailForm({
  userId,
  onVerified,
}: {
  userId: number
  onVerified: () => void
}) {
  const t = useTranslations('signup')
  const form = useApiForm(FIELDS)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    const answer = await form.submit(() => apiPost('/verify-otp', { user_id: userId, code }))
    if (answer?.ok) onVerified()
  }

  return (
    <form className="form" onSubmit={onSubmit} aria-labelledby="verify-title">
      <h2 id="verify-title">{t('verify-title')}</h2>
      <p>{t('verify-intro')}</p>
      <Field
        id="code"
        label={t('code')}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        error={form.fieldErrors.code}
      />
      <FormMessage error={form.formError} />
      <Button type="submit" busy={form.isSubmitting}>
        {t('verify-submit')}
      </Button>
    </form>
  )
}
