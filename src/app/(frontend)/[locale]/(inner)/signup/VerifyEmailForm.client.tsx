'use client'

import { useLocale, useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost, setAuthToken } from '@/client/api'
import { savePendingSecondStep } from '@/client/pendingSignIn'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage } from '@/components/ui/Field'
import { useApiForm } from '@/components/useApiForm.client'
import { useRouter } from '@/i18n/navigation'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'
import { AFTER_SIGNIN_PATH } from '@/routes'

const FIELDS = ['code'] as const

/**
 * Step 2 of registration: the code emailed to the new address confirms the account and signs it
 * in, as a password would (then the second step, if the account has one).
 */
export function VerifyEmailForm({ userId, next }: { userId: number; next?: string | null }) {
  const t = useTranslations('signup')
  const locale = useLocale()
  const router = useRouter()
  const form = useApiForm(FIELDS)
  const [isLeaving, setIsLeaving] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    const answer = await form.submit(() => apiPost('/verify-otp', { user_id: userId, code }))
    if (!answer?.ok) return
    setIsLeaving(true)
    const target =
      next ?? localizedPath(isLocale(locale) ? locale : DEFAULT_LOCALE, AFTER_SIGNIN_PATH)
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
    setAuthToken(answer.data.user.token)
    // A full load, so the header and every server-rendered part see the new session.
    window.location.assign(target)
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
      {isLeaving && <FormMessage success={t('verified-signing-in')} />}
      <Button type="submit" busy={form.isSubmitting || isLeaving}>
        {t('verify-submit')}
      </Button>
    </form>
  )
}
