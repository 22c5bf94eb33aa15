'use client'

import { useLocale, useTranslations } from 'next-intl'
import { type FormEvent, type ReactNode, useState } from 'react'

import { apiPost, setAuthToken } from '@/client/api'
import { PgpMessage } from '@/components/PgpMessage.client'
import { Button } from '@/components/ui/Button'
import { useConfirm } from '@/components/ui/Dialog.client'
import { Field, FormMessage } from '@/components/ui/Field'
import { useApiForm } from '@/components/useApiForm.client'
import type { AccountDeletionView } from '@/data/accountDeletion'
import { Link } from '@/i18n/navigation'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'
import { ACCOUNT_DELETED_PARAM, SIGNIN_PATH } from '@/lib/signInPaths'

const FIELDS = ['password', 'confirm_login', 'code'] as const

/**
 * Delete my account: what it does (`children`, drawn on the server), then either what keeps it
 * from happening (an admin's account; an owner's resources and employees, each to transfer or
 * delete first) or the form: the password again (the login, for an account that signs in with
 * Google) and the second factor where there is one, and a last confirmation. Once deleted, a full
 * load of the sign-in page (which says so) forgets every signed-in cache.
 */
export function DeleteAccount({
  view,
  children,
}: {
  view: AccountDeletionView
  children: ReactNode
}) {
  const t = useTranslations('privacy')
  const locale = useLocale()
  const form = useApiForm(FIELDS)
  const { confirm, dialog } = useConfirm()
  const [pgpMessage, setPgpMessage] = useState<string | null>(null)
  const [isBackupCode, setIsBackupCode] = useState(false)

  const askPgpMessage = async () => {
    const answer = await form.submit(() => apiPost('/get-message-pgp-confirm', {}))
    if (answer?.ok) setPgpMessage(answer.data.message)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const text = (name: string) => {
      const value = data.get(name)
      return typeof value === 'string' && value !== '' ? value : undefined
    }
    const ok = await confirm({
      title: t('delete-confirm-title'),
      message: t('delete-confirm-text'),
      confirmLabel: t('delete-confirm'),
    })
    if (!ok) return
    const answer = await form.submit(() =>
      apiPost('/delete-account', {
        password: text('password'),
        confirm_login: text('confirm_login'),
        code: text('code'),
        backup_code: isBackupCode || undefined,
      }),
    )
    if (answer?.ok) {
      setAuthToken(null)
      // A full load: the header and every client cache forget the account; the page says it is done.
      const signIn = localizedPath(isLocale(locale) ? locale : DEFAULT_LOCALE, SIGNIN_PATH)
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(`${signIn}?${ACCOUNT_DELETED_PARAM}=1`)
    }
  }

  const blocked = view.resources.length > 0 || view.employees > 0
  const needsPgpMessage = view.second_factor === 'pgp' && !isBackupCode && !pgpMessage
  let body: ReactNode
  if (view.is_admin) body = <p data-testid="delete-refused">{t('delete-admin')}</p>
  else if (blocked) {
    body = (
      <div className="form-part" data-testid="delete-refused">
        <p>{t('delete-blocked')}</p>
        {view.resources.length > 0 && (
          <>
            <p>{t('delete-resources', { count: view.resources.length })}</p>
            <ul>
              {view.resources.map((resource) => (
                <li key={resource.id}>{resource.title}</li>
              ))}
            </ul>
            <p>
              <Link href="/account">{t('delete-my-resources')}</Link>
              {' · '}
              {t('delete-transfer')} <Link href="/send-ticket">{t('delete-support')}</Link>
            </p>
          </>
        )}
        {view.employees > 0 && (
          <p>
            {t('delete-employees', { count: view.employees })}{' '}
            <Link href="/account/users">{t('delete-my-employees')}</Link>
          </p>
        )}
      </div>
    )
  } else {
    body = (
      <form
        className="form-part"
        onSubmit={onSubmit}
        aria-labelledby="delete-heading"
        data-testid="delete-account-form"
      >
        {view.confirm_with === 'password' ? (
          <Field
            id="delete-password"
            name="password"
            type="password"
            label={t('delete-password')}
            autoComplete="current-password"
            required
            error={form.fieldErrors.password}
          />
        ) : (
          <Field
            id="delete-login"
            name="confirm_login"
            label={t('delete-login', { login: view.login })}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            required
            error={form.fieldErrors.confirm_login}
          />
        )}
        {view.second_factor !== 'none' && (
          <>
            {pgpMessage && !isBackupCode && (
              <>
                <p>{t('delete-pgp-decrypt')}</p>
                <PgpMessage id="delete-pgp-message" message={pgpMessage} />
              </>
            )}
            {needsPgpMessage ? (
              <div className="form-actions">
                <Button variant="secondary" onClick={askPgpMessage} busy={form.isSubmitting}>
                  {t('delete-pgp-start')}
                </Button>
              </div>
            ) : (
              <Field
                id="delete-code"
                name="code"
                label={
                  isBackupCode
                    ? t('delete-backup-code')
                    : view.second_factor === 'totp'
                      ? t('delete-app-code')
                      : t('delete-pgp-code')
                }
                autoComplete="one-time-code"
                autoCapitalize="off"
                spellCheck={false}
                required
                error={form.fieldErrors.code}
                {...(view.second_factor === 'totp' && !isBackupCode
                  ? { inputMode: 'numeric' as const, maxLength: 6 }
                  : {})}
              />
            )}
            <label className="checkbox">
              <input
                type="checkbox"
                checked={isBackupCode}
                onChange={(event) => setIsBackupCode(event.target.checked)}
              />{' '}
              {t('delete-use-backup')}
            </label>
          </>
        )}
        <FormMessage error={form.formError} />
        <div className="form-actions">
          <Button
            type="submit"
            variant="danger"
            busy={form.isSubmitting}
            disabled={needsPgpMessage}
            data-testid="delete-account"
          >
            {form.isSubmitting ? t('delete-deleting') : t('delete-submit')}
          </Button>
        </div>
      </form>
    )
  }

  return (
    <section className="form" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{t('delete-heading')}</h2>
      <p>{t('delete-intro')}</p>
      {children}
      {body}
      {dialog}
    </section>
  )
}
