'use client'

import { useSearchParams } from 'next/navigation'
import { useLocale, useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost, setAuthToken } from '@/lib/api/client'
import { AFTER_SIGNIN_PATH, NEXT_PARAM, safeNextPath } from '@/routes'

type LoginAnswer = { token?: string; errors?: { message: string }[] }

export function SignInForm() {
  const t = useTranslations('signin')
  const errors = useTranslations('errors')
  const locale = useLocale()
  const next = safeNextPath(useSearchParams().get(NEXT_PARAM))
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const login = String(form.get('login') ?? '').trim()
    const password = String(form.get('password') ?? '')
    setIsSubmitting(true)
    setError(null)
    const answer = await apiPost<LoginAnswer>('/users/login', {
      ...(login.includes('@') ? { email: login } : { username: login }),
      password,
    }).catch(() => null)
    if (!answer?.ok || !answer.data.token) {
      setIsSubmitting(false)
      if (!answer) setError(errors('unexpected'))
      else if (answer.status === 401 || answer.ok) setError(t('wrong-credentials'))
      else setError(answer.data.errors?.[0]?.message ?? errors('unexpected'))
      return
    }
    setAuthToken(answer.data.token)
    window.location.assign(next ?? `/${locale}${AFTER_SIGNIN_PATH}`)
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor="login">{t('login')}</label>
        <input id="login" name="login" autoComplete="username" required />
      </div>
      <div className="field">
        <label htmlFor="password">{t('password')}</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
      </div>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? t('submitting') : t('submit')}
      </button>
    </form>
  )
}
