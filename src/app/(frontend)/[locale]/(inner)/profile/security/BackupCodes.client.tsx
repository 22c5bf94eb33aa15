'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'
import useSWR from 'swr'

import { type GetAnswer, apiPath, apiPost } from '@/client/api'
import { CopyButton } from '@/components/CopyButton.client'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage } from '@/components/ui/Field'
import { ErrorState, Loading } from '@/components/ui/States'
import { useApiForm } from '@/components/useApiForm.client'

const FIELDS = ['current_password'] as const

/**
 * Backup codes: how many are left, and new ones made after the password is given again, shown
 * this once (the server keeps only their hashes).
 */
export function BackupCodes() {
  const t = useTranslations('account-security')
  const ui = useTranslations('ui')
  const errors = useTranslations('errors')
  const form = useApiForm(FIELDS)
  const { data, error, mutate } = useSWR<GetAnswer<'/get-backup-codes'>>(
    apiPath('/get-backup-codes'),
  )
  const [isAsking, setIsAsking] = useState(false)
  const [codes, setCodes] = useState<string[] | null>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const password = String(new FormData(event.currentTarget).get('current_password') ?? '')
    const answer = await form.submit(() =>
      apiPost('/generate-backup-codes', { current_password: password }),
    )
    if (!answer?.ok) return
    setCodes(answer.data.codes)
    setIsAsking(false)
    await mutate()
  }

  let body
  if (error) body = <ErrorState message={errors('unexpected')} />
  else if (!data) body = <Loading label={ui('loading')} />
  else if (!data.two_factor_on) body = <p>{t('backup-needs-second-factor')}</p>
  else if (!data.has_password) body = <p>{t('backup-google-account')}</p>
  else if (codes) {
    body = (
      <>
        <p role="status">
          <strong>{t('backup-shown-once')}</strong>
        </p>
        <ul
          className="backup-codes"
          aria-label={t('backup-codes-label')}
          data-testid="backup-codes"
        >
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <div className="form-actions">
          <CopyButton
            text={codes.join('\n')}
            label={t('backup-copy')}
            doneLabel={t('backup-copied')}
          />
          <Button onClick={() => setCodes(null)}>{t('backup-done')}</Button>
        </div>
      </>
    )
  } else {
    body = (
      <>
        <p data-testid="backup-codes-left">
          {data.codes ? t('backup-left', { count: data.codes.remaining }) : t('backup-none')}
        </p>
        {isAsking ? (
          <form onSubmit={onSubmit} className="backup-codes-form">
            <Field
              id="current_password"
              type="password"
              label={t('backup-password')}
              autoComplete="current-password"
              required
              error={form.fieldErrors.current_password}
              hint={data.codes ? t('backup-regenerate-note') : undefined}
            />
            <FormMessage error={form.formError} />
            <div className="form-actions">
              <Button type="submit" busy={form.isSubmitting}>
                {t('backup-confirm')}
              </Button>
              <Button variant="secondary" onClick={() => setIsAsking(false)}>
                {ui('cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <div className="form-actions">
            <Button
              variant={data.codes ? 'secondary' : 'primary'}
              onClick={() => setIsAsking(true)}
            >
              {data.codes ? t('backup-regenerate') : t('backup-generate')}
            </Button>
          </div>
        )}
      </>
    )
  }

  return (
    <section className="form" aria-labelledby="backup-codes-heading">
      <h2 id="backup-codes-heading">{t('backup-heading')}</h2>
      <p>{t('backup-intro')}</p>
      {body}
    </section>
  )
}
