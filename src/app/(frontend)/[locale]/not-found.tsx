import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { NotFoundMessage } from '@/components/NotFoundMessage.client'
import { StatusPage } from '@/components/StatusPage'
import { buttonClass } from '@/components/ui/Button'
import { Link } from '@/i18n/navigation'

/** The tab says it too: «Страница не найдена — Обзор», not the site's home title. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('errors')
  return { title: t('not-found-title') }
}

export default async function NotFound() {
  const t = await getTranslations('errors')
  return (
    <StatusPage code={404} title={t('not-found-title')} message={<NotFoundMessage />}>
      <Link href="/" className={buttonClass()}>
        {t('go-home')}
      </Link>
    </StatusPage>
  )
}
