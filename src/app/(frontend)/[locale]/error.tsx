'use client'

import { useTranslations } from 'next-intl'
import { useEffect } from 'react'

import { StatusPage } from '@/components/StatusPage'
import { Link } from '@/i18n/navigation'

export default function ErrorPage({ error, reset }: { error: Error; reset: () => void }) {
  const t = useTranslations('errors')
  useEffect(() => {
    console.error(error)
  }, [error])
  return (
    <StatusPage code={500} title={t('server-error-title')} message={t('server-error-message')}>
      <button type="button" className="button" onClick={reset}>
        {t('try-again')}
      </button>
      <Link href="/" className="button button-secondary">
        {t('go-home')}
      </Link>
    </StatusPage>
  )
}
