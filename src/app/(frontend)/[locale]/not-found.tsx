import { headers } from 'next/headers'
import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/navigation'
import { PATH_HEADER } from '@/i18n/headers'

export default async function NotFound() {
  const t = await getTranslations('errors')
  const path = (await headers()).get(PATH_HEADER) ?? '/'
  return (
    <main id="content" className="layout-inner container status-page">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1>{t('not-found-title')}</h1>
      <p>{t('not-found-message', { path })}</p>
      <Link href="/" className="button">
        {t('go-home')}
      </Link>
    </main>
  )
}
