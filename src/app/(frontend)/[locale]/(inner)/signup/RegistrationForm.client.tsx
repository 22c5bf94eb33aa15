'use client'

import { useLocale, useTranslations } from 'next-intl'
import { type FormEvent, useRef, useState } from 'react'
import ReCAPTCHA from 'react-google-recaptcha'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage, NewPasswordFields } from '@/components/ui/Field'
import { useApiForm } from '@/components/useApiForm'
import { useTheme } from '@/components/useTheme'
import { Link } from '@/i18n/navigation'
import { LIMITS } from '@/lib/limits'

const SITE_KEY = process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY

const FIELDS = [
  'login',
  'email',
  'display_name',
  'password',
  'password_confirmation',
  'captcha',
] as const

/** Step 1 of registration; without a reCAPTCHA site key no widget is shown and none is sent. */
export function RegistrationForm({ onRegistered }: { onRegistered: (userId: number) => void }) {
  const t = useTranslations('signup')
  const locale = useLocale()
  const theme = useTheme()
  const form = useApiForm(FIELDS)
  const captcha = useRef<ReCAPTCHA>(null)
  const [captchaToken, setCaptchaToken] = useState<string | null>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const text = (name: string) => String(data.get(name) ?? '')
    const answer = await form.submit(() =>
      apiPost<{ user_id: number }>('/register-user', {
        login: text('login').trim(),
        email: text('email').trim(),
        display_name: text('display_name').trim(),
        password: text('password'),
        password_confirmation: text('password_confirmation'),
        ...(SITE_KEY ? { captcha: captchaToken ?? '' } : {}),
      }),
    )
    if (answer?.ok) {
      onRegistered(answer.data.user_id)
      return
    }
    // A reCAPTCHA answer is good for one check only.
    captcha.current?.reset()
    setCaptchaToken(null)
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
        {SITE_KEY && (
          <div className="field" role="group" aria-label={t('captcha')}>
            {theme && (
              <ReCAPTCHA
                // The widget takes its theme once: a new theme needs a new widget.
                key={theme}
                ref={captcha}
                sitekey={SITE_KEY}
                hl={locale}
                theme={theme}
                onChange={setCaptchaToken}
              />
            )}
            {form.fieldErrors.captcha && (
              <p role="alert" className="form-error">
                {form.fieldErrors.captcha}
              </p>
            )}
          </div>
        )}
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
