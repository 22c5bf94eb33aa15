'use client'

import { useTranslations } from 'next-intl'
import { useEffect, useState } from 'react'

import { StatusPage } from '@/components/StatusPage'
import { Button, buttonClass } from '@/components/ui/Button'
import { Link } from '@/i18n/navigation'

/**
 * A page that failed. Whether the database is away (the server answered this page 503) is asked
 * of `/api/ready`, so the visitor is told to try again shortly rather than that something broke.
 */
export default function ErrorPage({ error, reset }: { error: Error; reset: () => void }) {
  const t = useTranslations('errors')
  const [unavailable, setUnavailable] = useState(false)
  useEffect(() => {
    console.error(error)
    fetch('/api/ready', { cache: 'no-store' })
      .then((response) => setUnavailable(response.status === 503))
      .catch(() => undefined)
  }, [error])
  return (
    <StatusPage
      code={unavailable ? 503 : 500}
      title={unavailable ? t('unavailable-title') : t('server-error-title')}
      message={unavailable ? t('unavailable-message') : t('server-error-message')}
    >
      <Button onClick={reset}>{t('try-again')}</Button>
      <Link href="/" className={buttonClass({ variant: 'secondary' })}>
        {t('go-home')}
      </Link>
    </StatusPage>
  )
}
