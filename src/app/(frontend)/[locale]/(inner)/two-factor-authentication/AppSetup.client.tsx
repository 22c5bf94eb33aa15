'use client'

import Image from 'next/image'
import { useTranslations } from 'next-intl'
import { useState } from 'react'

import { ApiError, type GetAnswer, apiGet, apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { FormMessage } from '@/components/ui/Field'

import { CodeForm } from './CodeForm.client'

/** Authenticator app: a new secret, as a QR code and as text, proven by the first code. */
export function AppSetup({ onEnabled }: { onEnabled: () => void }) {
  const t = useTranslations('security')
  const errors = useTranslations('errors')
  const [setup, setSetup] = useState<GetAnswer<'/generate-qr-code'> | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [isLoading, setIsLoading] = useState(false)

  // Each call makes a new secret, so it waits for the visitor to ask.
  const start = async () => {
    setIsLoading(true)
    setError(null)
    try {
      setSetup(await apiGet('/generate-qr-code'))
    } catch (failure) {
      setError((failure instanceof ApiError && failure.body.message) || errors('unexpected'))
    }
    setIsLoading(false)
  }

  const heading = <h2 id="app-setup-heading">{t('app-heading')}</h2>
  if (!setup) {
    return (
      <section className="form" aria-labelledby="app-setup-heading">
        {heading}
        <p>{t('app-intro')}</p>
        <FormMessage error={error} />
        <div className="form-actions">
          <Button onClick={start} busy={isLoading}>
            {t('app-start')}
          </Button>
        </div>
      </section>
    )
  }
  return (
    <CodeForm
      id="app-setup"
      label={t('app-code')}
      submitLabel={t('enable')}
      isAppCode
      send={(code) => apiPost('/verify-otp-settings', { code })}
      onDone={onEnabled}
    >
      {heading}
      <p>{t('app-scan')}</p>
      <Image src={setup.qr} alt={t('qr-alt')} width={200} height={200} unoptimized className="qr" />
      <dl className="details-list">
        <dt>{t('secret')}</dt>
        <dd>
          <code className="secret">{setup.secret}</code>
        </dd>
      </dl>
    </CodeForm>
  )
}
