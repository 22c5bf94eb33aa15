'use client'

import { useSearchParams } from 'next/navigation'
import { useLocale, useTranslations } from 'next-intl'
import { type FormEvent, useEffect, useState, useSyncExternalStore } from 'react'

import {
  ApiError,
  type ApiAnswer,
  type ApiErrorBody,
  type PostAnswer,
  apiGet,
  apiPost,
  setAuthToken,
} from '@/client/api'
import { keepBlockReason, onBlocked, reasonOf, takeBlockReason } from '@/client/blocked'
import { savePendingSecondStep } from '@/client/pendingSignIn'
import { BlockedNotice } from '@/components/account/BlockedNotice.client'
import { ConsentField, consentLinks } from '@/components/account/ConsentField.client'
import { GoogleSignIn } from '@/components/GoogleSignIn.client'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage } from '@/components/ui/Field'
import { useApiForm } from '@/components/useApiForm.client'
import { Link, useRouter } from '@/i18n/navigation'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'
import {
  AFTER_SIGNIN_PATH,
  ACCOUNT_DELETED_PARAM,
  BLOCKED_PARAM,
  NEXT_PARAM,
  SESSION_ENDED_PARAM,
  SIGNIN_REQUIRED_PARAM,
  safeNextPath,
  withNextParam,
} from '@/routes'

/** An unverified account's refusal names it, so its owner is sent on to the emailed code. */
type LoginFailure = ApiErrorBody & { user_id?: number; reason?: string | null }

/** What the page knows of a block: nothing, or that there is one (and its reason, if told). */
type Block = { reason: string | null } | null

const noSubscription = () => () => {}

/**
 * What the page knows of a block: told by an answer (a 402 at sign-in, or any call's), or, on a
 * trip here because the account was blocked (BLOCKED_PARAM), the reason the tab kept, else the
 * one the session's own 402 gives.
 */
const useBlock = (arrivedBlocked: boolean) => {
  const [told, setTold] = useState<Block>(null)
  const kept = useSyncExternalStore(noSubscription, takeBlockReason, () => null)
  useEffect(() => {
    if (!arrivedBlocked || kept) return
    let stopped = false
    apiGet('/get-user-by-id').catch((error: unknown) => {
      if (stopped || !(error instanceof ApiError) || error.status !== 402) return
      setTold({ reason: reasonOf(error.body) })
    })
    return () => {
      stopped = true
    }
  }, [arrivedBlocked, kept])
  // A block the tab hears of while here (another call's 402) is said here too.
  useEffect(() => onBlocked(({ reason }) => setTold({ reason })), [])
  const block: Block = told ?? (arrivedBlocked ? { reason: kept } : null)
  return [block, setTold] as const
}

const FIELDS = ['login', 'password', 'consent'] as const

export function SignInForm() {
  const t = useTranslations('signin')
  const locale = useLocale()
  const params = useSearchParams()
  const next = safeNextPath(params.get(NEXT_PARAM))
  const router = useRouter()
  const form = useApiForm(FIELDS)
  const [isLeaving, setIsLeaving] = useState(false)
  const [googleCredential, setGoogleCredential] = useState<string | null>(null)
  const [block, setBlock] = useBlock(params.has(BLOCKED_PARAM))
  // Why the visitor was sent here, when a redirect says so (src/data/requireUser.ts).
  const notice = params.has(ACCOUNT_DELETED_PARAM)
    ? t('account-deleted')
    : params.has(SESSION_ENDED_PARAM)
      ? t('session-ended')
      : params.has(SIGNIN_REQUIRED_PARAM)
        ? t('signin-required')
        : null

  const onAnswer = (answer: ApiAnswer<PostAnswer<'/login'>, LoginFailure> | null) => {
    if (!answer) return
    if (!answer.ok) {
      // A blocked account is told once, why and how to appeal, in place of the form's error.
      if (answer.status === 402) {
        keepBlockReason(null)
        setBlock({ reason: reasonOf(answer.data) })
        return
      }
      if (answer.data.code === 'email-not-verified' && answer.data.user_id) {
        router.push(`/signup?step=verify&user_id=${answer.data.user_id}`)
      }
      return
    }
    setIsLeaving(true)
    // Russian, the default, is unprefixed like every other Russian address.
    const target =
      next ?? localizedPath(isLocale(locale) ? locale : DEFAULT_LOCALE, AFTER_SIGNIN_PATH)
    if (answer.data.auth) {
      savePendingSecondStep({
        userId: answer.data.user_id,
        method: answer.data.auth,
        message: answer.data.message,
        next: target,
      })
      router.push(withNextParam({ path: '/two-auth', next }))
      return
    }
    setAuthToken(answer.data.user.token)
    // A full load, so the header and every server-rendered part see the new session.
    window.location.assign(target)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const answer = await form.submit(() =>
      apiPost('/login', {
        login: String(data.get('login') ?? '').trim(),
        password: String(data.get('password') ?? ''),
      }),
    )
    onAnswer(answer)
  }

  const onGoogleAnswer = (answer: ApiAnswer<PostAnswer<'/google-sign-in'>>, credential: string) => {
    // A first Google sign-in creates an account: it waits for consent to the rules.
    if (!answer.ok && answer.data.code === 'consent-required') {
      setGoogleCredential(credential)
      return
    }
    if (!answer.ok) form.showFailure(answer.data)
    onAnswer(answer)
  }

  const onGoogleConsent = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const answer = await form.submit(() =>
      apiPost('/google-sign-in', { credential: googleCredential ?? '', consent: true }),
    )
    onAnswer(answer)
  }

  if (googleCredential) {
    return (
      <form className="form" onSubmit={onGoogleConsent} aria-labelledby="google-consent-title">
        <h2 id="google-consent-title">{t('google-consent-title')}</h2>
        <p>{t('google-consent-intro')}</p>
        <ConsentField label={t.rich('consent', consentLinks)} error={form.fieldErrors.consent} />
        <FormMessage error={form.formError} />
        <Button type="submit" busy={form.isSubmitting || isLeaving}>
          {t('google-consent-submit')}
        </Button>
      </form>
    )
  }

  return (
    <>
      <form className="form" onSubmit={onSubmit}>
        {block ? <BlockedNotice reason={block.reason} /> : notice && <p role="status">{notice}</p>}
        <Field
          id="login"
          label={t('login')}
          autoComplete="username"
          required
          error={form.fieldErrors.login}
        />
        <Field
          id="password"
          label={t('password')}
          type="password"
          autoComplete="current-password"
          required
          error={form.fieldErrors.password}
        />
        {!block && <FormMessage error={form.formError} />}
        <Button type="submit" busy={form.isSubmitting || isLeaving}>
          {form.isSubmitting || isLeaving ? t('submitting') : t('submit')}
        </Button>
        <GoogleSignIn onAnswer={onGoogleAnswer} />
      </form>
      <p className="form-links">
        <Link href="/forget">{t('forgot')}</Link>
        <span>
          {t('no-account')}{' '}
          <Link href={withNextParam({ path: '/signup', next })}>{t('sign-up')}</Link>
        </span>
      </p>
    </>
  )
}
