'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'

import { apiPost } from '@/client/api'
import { PgpMessage } from '@/components/PgpMessage.client'
import { Button } from '@/components/ui/Button'
import { FormMessage } from '@/components/ui/Field'
import { useApiForm } from '@/components/useApiForm.client'

import { CodeForm } from './CodeForm.client'

/** Turning the app off takes a current code, so a stolen session alone cannot do it. */
export function AppTurnOff({ onDisabled }: { onDisabled: () => void }) {
  const t = useTranslations('security')
  return (
    <CodeForm
      id="app-off"
      label={t('app-code')}
      submitLabel={t('turn-off')}
      isAppCode
      send={(code) => apiPost('/unplug-google', { code })}
      onDone={onDisabled}
    >
      <h2 id="app-off-heading">{t('turn-off-heading')}</h2>
      <p>{t('off-app-intro')}</p>
    </CodeForm>
  )
}

/** Turning PGP off takes the code of a fresh message to the stored key. */
export function PgpTurnOff({ onDisabled }: { onDisabled: () => void }) {
  const t = useTranslations('security')
  const form = useApiForm([])
  const [message, setMessage] = useState<string | null>(null)

  const start = async () => {
    const answer = await form.submit(() => apiPost('/get-message-pgp-confirm', {}))
    if (answer?.ok) setMessage(answer.data.message)
  }

  const heading = <h2 id="pgp-off-heading">{t('turn-off-heading')}</h2>
  if (!message) {
    return (
      <section className="form" aria-labelledby="pgp-off-heading">
        {heading}
        <p>{t('off-pgp-intro')}</p>
        <FormMessage error={form.formError} />
        <div className="form-actions">
          <Button onClick={start} busy={form.isSubmitting}>
            {t('pgp-start')}
          </Button>
        </div>
      </section>
    )
  }
  return (
    <CodeForm
      id="pgp-off"
      label={t('pgp-code')}
      submitLabel={t('turn-off')}
      isAppCode={false}
      send={(code) => apiPost('/unplug-pgp', { code })}
      onDone={onDisabled}
    >
      {heading}
      <p>{t('pgp-decrypt')}</p>
      <PgpMessage id="pgp-off-message" message={message} />
    </CodeForm>
  )
}
