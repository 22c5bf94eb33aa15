'use client'

import { useTranslations } from 'next-intl'
import type { FormEvent } from 'react'

import { apiPost } from '@/client/api'
import { ConsentField, consentLinks } from '@/components/account/ConsentField.client'
import { useCaptcha } from '@/components/Captcha.client'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage, NewPasswordFields } from '@/components/ui/Field'
import { useApiForm } from '@/components/useApiForm.client'
import { Link } from '@/i18n/navigation'
import { LIMITS } from '@/lib/limits'

const FIELDS = [
  'login',
  'email',
  'display_name',
  'password',
  'password_confirmation',
  'captcha',
  'consent',
] as const

/** Step 1 of registration; without a reCAPTCHA site key no widget is shown and none is sent. */
export function RegistrationForm({ onRegistered }: { onRegistered: (userId: number) => void }) {
  const t = useTranslations('signup')
  const form = useApiForm(FIELDS)
  const captcha = useCaptcha({ label: t('captcha'), error: form.fieldErrors.captcha })

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const text = (name: string) => String(data.get(name) ?? '')
    const answer = await form.submit(() =>
      apiPost('/register-user', {
        login: text('login').trim(),
        email: text('email').trim(),
        display_name: text('display_name').trim(),
        password: text('password'),
        password_confirmation: text('password_confirmation'),
        ...(captcha.enabled ? { captcha: captcha.token ?? '' } : {}),
        consent: data.get('consent') === 'on',
      }),
    )
    if (answer?.ok) {
      onRegistered(answer.data.user_id)
      return
    }
    // A reCAPTCHA answer is good for one check only.
    captcha.reset()
  }

  return (
    <>
      <form className="form" onSubmit={onSubmit}>
        <Field
          id="login"
          label={t('login')}
          hint={t('login-hint')}
          autoComplete="username"
          required
          error={form.fieldErrors.login}
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
          id="display_name"
          label={t('display-name')}
          hint={t('display-name-hint')}
          autoComplete="nickname"
          required
          maxLength={LIMITS.displayNameMax}
          error={form.fieldErrors.display_name}
        />
        <NewPasswordFields
          label={t('password')}
          hint={t('password-hint')}
          confirmationLabel={t('password-confirmation')}
          errors={form.fieldErrors}
        />
        <ConsentField label={t.rich('consent', consentLinks)} error={form.fieldErrors.consent} />
        {captcha.field}
        <FormMessage error={form.formError} />
        <Button type="submit" busy={form.isSubmitting}>
          {form.isSubmitting ? t('submitting') : t('submit')}
        </Button>
      </form>
      <p className="form-links">
        <span>
          {t('have-account')} <Link href="/signin">{t('sign-in')}</Link>
        </span>
      </p>
    </>
  )
}
