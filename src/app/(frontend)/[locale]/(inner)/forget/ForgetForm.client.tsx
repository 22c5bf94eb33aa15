'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage } from '@/components/ui/Field'
import { useApiForm } from '@/components/useApiForm.client'
import { Link } from '@/i18n/navigation'

const FIELDS = ['email'] as const

/** The answer never says whether the address has an account, so neither does the screen. */
export function ForgetForm() {
  const t = useTranslations('forget')
  const form = useApiForm(FIELDS)
  const [isSent, setIsSent] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    const answer = await form.submit(() => apiPost('/forget-password', { email }))
    if (answer?.ok) setIsSent(true)
  }

  if (isSent) {
    return (
      <div className="form">
        <FormMessage success={t('sent')} />
        <Link href="/signin">{t('back-to-signin')}</Link>
      </div>
    )
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      <p>{t('intro')}</p>
      <Field
        id="email"
        label={t('email')}
        type="email"
        autoComplete="email"
        required
        error={form.fieldErrors.email}
      />
      <FormMessage error={form.formError} />
      <Button type="submit" busy={form.isSubmitting}>
        {form.isSubmitting ? t('submitting') : t('submit')}
      </Button>
      <Link href="/signin">{t('back-to-signin')}</Link>
    </form>
  )
}
