'use client'

import { useTranslations } from 'next-intl'
import { useEffect } from 'react'

import { Link } from '@/i18n/navigation'

export default function ErrorPage({ error, reset }: { error: Error; reset: () => void }) {
  const t = useTranslations('errors')
  useEffect(() => {
    console.error(error)
  }, [error])
  return (
    <main id="content" className="layout-inner container status-page">
      <p className="status-code" aria-hidden="true">
        500
      </p>
      <h1>{t('server-error-title')}</h1>
      <p>{t('server-error-message')}</p>
      <div className="actions">
        <button type="button" className="button" onClick={reset}>
          {t('try-again')}
        </button>
        <Link href="/" className="button button-secondary">
          {t('go-home')}
        </Link>
      </div>
    </main>
  )
}
