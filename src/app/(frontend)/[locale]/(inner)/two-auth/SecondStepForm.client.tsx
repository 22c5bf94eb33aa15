'use client'

import { useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { type FormEvent, useState, useSyncExternalStore } from 'react'
import useSWR from 'swr'

import { ApiError, type GetAnswer, apiPath, apiPost, setAuthToken } from '@/client/api'
import {
  type PendingSecondStep,
  clearPendingSecondStep,
  readPendingSecondStep,
} from '@/client/pendingSignIn'
import { PgpMessage } from '@/components/PgpMessage.client'
import { Button, buttonClass } from '@/components/ui/Button'
import { Field, FormMessage } from '@/components/ui/Field'
import { Loading } from '@/components/ui/States'
import { useApiForm } from '@/components/useApiForm.client'
import { Link } from '@/i18n/navigation'
import { NEXT_PARAM, safeNextPath } from '@/routes'

const noSubscription = () => () => undefined
let cached: { raw: string | null; step: PendingSecondStep | null } = { raw: null, step: null }

// sessionStorage is read once per change of its value, so the snapshot stays stable.
const readSnapshot = () => {
  const raw = sessionStorage.getItem('pending-second-step')
  if (raw !== cached.raw) cached = { raw, step: readPendingSecondStep() }
  return cached.step
}

const FIELDS = ['code'] as const

export function SecondStepForm() {
  const t = useTranslations('two-auth')
  const ui = useTranslations('ui')
  const errors = useTranslations('errors')
  // `undefined` until the browser's storage is read: the server cannot know of a pending step.
  const step = useSyncExternalStore(noSubscription, readSnapshot, () => undefined)
  const next = safeNextPath(useSearchParams().get(NEXT_PARAM))
  const form = useApiForm(FIELDS)
  const [isExpired, setIsExpired] = useState(false)
  const [usesBackupCode, setUsesBackupCode] = useState(false)
  // A PGP step saved without its message (or by an older page) asks the server for it again.
  const needsMessage = step?.method === 'pgp' && !step.message
  const { data: fetched, error: fetchError } = useSWR<GetAnswer<'/get-message-pgp-user'>>(
    needsMessage && !isExpired ? apiPath('/get-message-pgp-user', { user_id: step.userId }) : null,
  )

  if (step === undefined) {
    return (
      <div className="form">
        <Loading label={ui('loading')} />
      </div>
    )
  }

  if (!step || isExpired) {
    return (
      <div className="form">
        <p role="alert">{isExpired ? t('expired') : t('nothing-pending')}</p>
        <Link href="/signin" className={buttonClass()}>
          {t('back-to-signin')}
        </Link>
      </div>
    )
  }

  const message = step.message ?? fetched?.message ?? ''

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    const answer = await form.submit(() =>
      apiPost('/verify-otp-login', {
        user_id: step.userId,
        code,
        ...(usesBackupCode ? { backup_code: true } : {}),
      }),
    )
    if (answer?.status === 410) {
      clearPendingSecondStep()
      setIsExpired(true)
      return
    }
    if (!answer?.ok) return
    setAuthToken(answer.data.user.token)
    clearPendingSecondStep()
    // A full load, so the header and every server-rendered part see the new session.
    window.location.assign(next ?? safeNextPath(step.next) ?? '/')
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      {usesBackupCode ? null : step.method === 'pgp' ? (
        <>
          <p>{t('pgp-intro')}</p>
          {message ? (
            <PgpMessage id="pgp-message" message={message} />
          ) : fetchError ? (
            <FormMessage
              error={
                (fetchError instanceof ApiError && fetchError.body.message) || errors('unexpected')
              }
            />
          ) : (
            <Loading label={ui('loading')} />
          )}
        </>
      ) : (
        <p>{t('app-intro')}</p>
      )}
      {usesBackupCode ? (
        <Field
          key="backup-code"
          id="code"
          label={t('backup-code')}
          hint={t('backup-code-hint')}
          required
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={20}
          error={form.fieldErrors.code}
        />
      ) : (
        <Field
          key="second-factor"
          id="code"
          label={step.method === 'pgp' ? t('pgp-code') : t('app-code')}
          required
          autoComplete="one-time-code"
          error={form.fieldErrors.code}
          {...(step.method === 'google'
            ? { inputMode: 'numeric', pattern: '\\d{6}', maxLength: 6 }
            : { autoCapitalize: 'off', spellCheck: false })}
        />
      )}
      <FormMessage error={form.formError} />
      <div className="form-actions">
        <Button type="submit" busy={form.isSubmitting}>
          {t('submit')}
        </Button>
        <Button
          variant="ghost"
          aria-pressed={usesBackupCode}
          onClick={() => {
            form.setFormError(null)
            setUsesBackupCode(!usesBackupCode)
          }}
        >
          {usesBackupCode ? t('use-second-factor') : t('use-backup-code')}
        </Button>
      </div>
    </form>
  )
}
