import { headers } from 'next/headers'
import { getTranslations } from 'next-intl/server'

import { StatusPage } from '@/components/StatusPage'
import { PATH_HEADER } from '@/i18n/headers'
import { Link } from '@/i18n/navigation'

export default async function NotFound() {
  const t = await getTranslations('errors')
  const path = (await headers()).get(PATH_HEADER) ?? '/'
  return (
    <StatusPage code={404} title={t('not-found-title')} message={t('not-found-message', { path })}>
      <Link href="/" className="button">
        {t('go-home')}
      </Link>
    </StatusPage>
  )
}
