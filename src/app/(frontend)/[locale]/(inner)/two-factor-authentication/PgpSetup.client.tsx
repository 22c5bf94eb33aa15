'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { PgpMessage } from '@/components/PgpMessage.client'
import { Button } from '@/components/ui/Button'
import { FormMessage, TextAreaField } from '@/components/ui/Field'
import { useApiForm } from '@/components/useApiForm.client'

import { CodeForm } from './CodeForm.client'

type Challenge = { publicKey: string; message: string }

const FIELDS = ['public_key'] as const

/** PGP: a message encrypted to the pasted key proves it is the visitor's before it is kept. */
export function PgpSetup({
  hasStoredKey,
  onEnabled,
}: {
  hasStoredKey: boolean
  onEnabled: () => void
}) {
  const t = useTranslations('security')
  const form = useApiForm(FIELDS)
  const [challenge, setChallenge] = useState<Challenge | null>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const publicKey = String(new FormData(event.currentTarget).get('public_key') ?? '').trim()
    const answer = await form.submit(() => apiPost('/get-message', { public_key: publicKey }))
    if (answer?.ok) setChallenge({ publicKey, message: answer.data.message })
  }

  const heading = <h2 id="pgp-setup-heading">{t('pgp-heading')}</h2>
  if (!challenge) {
    return (
      <form className="form" onSubmit={onSubmit} aria-labelledby="pgp-setup-heading">
        {heading}
        <p>{t('pgp-intro')}</p>
        <TextAreaField
          id="public_key"
          label={t('public-key')}
          hint={hasStoredKey ? t('pgp-key-stored') : t('pgp-key-once')}
          required
          rows={8}
          spellCheck={false}
          className="pgp-message"
          error={form.fieldErrors.public_key}
        />
        <FormMessage error={form.formError} />
        <div className="form-actions">
          <Button type="submit" busy={form.isSubmitting}>
            {t('pgp-start')}
          </Button>
        </div>
      </form>
    )
  }
  return (
    <CodeForm
      id="pgp-setup"
      label={t('pgp-code')}
      submitLabel={t('enable')}
      isAppCode={false}
      send={(code) => apiPost('/check-update-pgp', { public_key: challenge.publicKey, code })}
      onDone={onEnabled}
      actions={
        <Button variant="ghost" onClick={() => setChallenge(null)}>
          {t('start-again')}
        </Button>
      }
    >
      {heading}
      <p>{t('pgp-decrypt')}</p>
      <PgpMessage id="pgp-setup-message" message={challenge.message} />
    </CodeForm>
  )
}
