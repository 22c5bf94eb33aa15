'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { Button, buttonClass } from '@/components/ui/Button'
import { FormMessage, NewPasswordFields } from '@/components/ui/Field'
import { useApiForm } from '@/components/useApiForm.client'
import { Link } from '@/i18n/navigation'

const FIELDS = ['password', 'password_confirmation'] as const

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('reset')
  const form = useApiForm(FIELDS)
  const [isDone, setIsDone] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const answer = await form.submit(() =>
      apiPost('/reset-password', {
        token,
        password: String(data.get('password') ?? ''),
        password_confirmation: String(data.get('password_confirmation') ?? ''),
      }),
    )
    if (answer?.ok) setIsDone(true)
  }

  if (isDone) {
    return (
      <div className="form">
        <FormMessage success={t('done')} />
        <Link href="/signin" className={buttonClass()}>
          {t('go-signin')}
        </Link>
      </div>
    )
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      <NewPasswordFields
        label={t('password')}
        hint={t('password-hint')}
        confirmationLabel={t('password-confirmation')}
        errors={form.fieldErrors}
      />
      <FormMessage error={form.formError} />
      {form.formError && <Link href="/forget">{t('request-again')}</Link>}
      <Button type="submit" busy={form.isSubmitting}>
        {form.isSubmitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  )
}
