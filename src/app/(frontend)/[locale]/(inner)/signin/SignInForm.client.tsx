'use client'

import { useSearchParams } from 'next/navigation'
import { useLocale, useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { GoogleSignIn } from '@/components/GoogleSignIn'
import { useRouter } from '@/i18n/navigation'
import { type ApiAnswer, apiPost, setAuthToken } from '@/lib/api/client'
import { savePendingSecondStep } from '@/lib/pendingSignIn'
import { AFTER_SIGNIN_PATH, NEXT_PARAM, safeNextPath } from '@/routes'

export type LoginAnswer = {
  auth: 'pgp' | 'google' | null
  message: string | null
  user_id: number
  user?: { token: string }
}

type Failure = { message?: string; errors?: Record<string, string[]> }

export function SignInForm() {
  const t = useTranslations('signin')
  const errors = useTranslations('errors')
  const locale = useLocale()
  const next = safeNextPath(useSearchParams().get(NEXT_PARAM))
  const router = useRouter()
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)

  const onAnswer = (answer: ApiAnswer<LoginAnswer, Failure> | null) => {
    if (!answer) {
      setIsSubmitting(false)
      setError(errors('unexpected'))
      return
    }
    if (!answer.ok) {
      setIsSubmitting(false)
      const first = Object.values(answer.data.errors ?? {})[0]?.[0]
      setError(first ?? answer.data.message ?? errors('unexpected'))
      return
    }
    const target = next ?? `/${locale}${AFTER_SIGNIN_PATH}`
    if (answer.data.auth) {
      savePendingSecondStep({
        userId: answer.data.user_id,
        method: answer.data.auth,
        message: answer.data.message,
        next: target,
      })
      router.push('/two-auth')
      return
    }
    if (answer.data.user) setAuthToken(answer.data.user.token)
    window.location.assign(target)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setIsSubmitting(true)
    setError(null)
    const answer = await apiPost<LoginAnswer, Failure>('/login', {
      login: String(form.get('login') ?? '').trim(),
      password: String(form.get('password') ?? ''),
    }).catch(() => null)
    onAnswer(answer)
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
      <GoogleSignIn<LoginAnswer>
        onAnswer={(answer) => onAnswer(answer as ApiAnswer<LoginAnswer, Failure>)}
      />
    </form>
  )
}
