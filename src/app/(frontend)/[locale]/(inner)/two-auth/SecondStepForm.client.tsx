'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState, useSyncExternalStore } from 'react'

import { Link } from '@/i18n/navigation'
import { apiPost, setAuthToken } from '@/lib/api/client'
import {
  type PendingSecondStep,
  clearPendingSecondStep,
  readPendingSecondStep,
} from '@/lib/pendingSignIn'

type Answer = { user?: { token: string }; message?: string; errors?: Record<string, string[]> }

const noSubscription = () => () => undefined
let cached: { raw: string | null; step: PendingSecondStep | null } = { raw: null, step: null }

// sessionStorage is read once per change of its value, so the snapshot stays stable.
const readSnapshot = () => {
  const raw = sessionStorage.getItem('pending-second-step')
  if (raw !== cached.raw) cached = { raw, step: readPendingSecondStep() }
  return cached.step
}

export function SecondStepForm() {
  const t = useTranslations('two-auth')
  const errors = useTranslations('errors')
  const step = useSyncExternalStore(noSubscription, readSnapshot, () => null)
  const [error, setError] = useState<string | null>(null)
  const [isExpired, setIsExpired] = useState(false)
  const [isCopied, setIsCopied] = useState(false)
  const [isSubmitting, setIsSubmitting] = useState(false)

  if (!step || isExpired) {
    return (
      <div className="form">
        <p role="alert">{isExpired ? t('expired') : t('nothing-pending')}</p>
        <Link href="/signin" className="button">
          {t('back-to-signin')}
        </Link>
      </div>
    )
  }

  const copy = async () => {
    await navigator.clipboard.writeText(step.message ?? '')
    setIsCopied(true)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    setIsSubmitting(true)
    setError(null)
    const answer = await apiPost<Answer, Answer>('/verify-otp-login', {
      user_id: step.userId,
      code,
    }).catch(() => null)
    setIsSubmitting(false)
    if (answer?.status === 410) {
      clearPendingSecondStep()
      setIsExpired(true)
      return
    }
    if (!answer?.ok || !answer.data.user) {
      const first = answer ? Object.values(answer.data.errors ?? {})[0]?.[0] : undefined
      setError(first ?? answer?.data.message ?? errors('unexpected'))
      return
    }
    setAuthToken(answer.data.user.token)
    clearPendingSecondStep()
    window.location.assign(step.next)
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      {step.method === 'pgp' ? (
        <>
          <p>{t('pgp-intro')}</p>
          <div className="field">
            <label htmlFor="pgp-message">{t('pgp-message')}</label>
            <textarea
              id="pgp-message"
              readOnly
              rows={10}
              value={step.message ?? ''}
              className="pgp-message"
            />
          </div>
          <button type="button" className="button button-secondary" onClick={copy}>
            {isCopied ? t('copied') : t('copy')}
          </button>
        </>
      ) : (
        <p>{t('app-intro')}</p>
      )}
      <div className="field">
        <label htmlFor="code">{step.method === 'pgp' ? t('pgp-code') : t('app-code')}</label>
        <input
          id="code"
          name="code"
          required
          autoComplete="one-time-code"
          {...(step.method === 'google'
            ? { inputMode: 'numeric', pattern: '\\d{6}', maxLength: 6 }
            : {})}
        />
      </div>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={isSubmitting}>
        {t('submit')}
      </button>
    </form>
  )
}
