import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { NotFoundMessage } from '@/components/NotFoundMessage.client'
import { StatusPage } from '@/components/StatusPage'
import { buttonClass } from '@/components/ui/Button'
import { Link } from '@/i18n/navigation'
import { DEFAULT_LOCALE, isLocale } from '@/i18n/routing'

/**
 * The tab says it too: «Страница не найдена — Обзор», not the site's home title. The language
 * comes from the address, not the request: a cached page that finds nothing reads no headers.
 */
export async function generateMetadata({
  params,
}: {
  params?: Promise<{ locale?: string }>
}): Promise<Metadata> {
  const requested = (await params)?.locale
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  const t = await getTranslations({ locale, namespace: 'errors' })
  return { title: t('not-found-title') }
}

export default async function NotFound() {
  const [t, meta] = await Promise.all([getTranslations('errors'), getTranslations('meta')])
  const title = t('not-found-title')
  return (
    <StatusPage code={404} title={title} message={<NotFoundMessage />}>
      {/* A page rendered per request streams its metadata, which then misses the 404's own
          (the catch-all route): the title element, which React puts in the head, says it. */}
      <title>{`${title} — ${meta('site-name')}`}</title>
      <Link href="/" className={buttonClass()}>
        {t('go-home')}
      </Link>
    </StatusPage>
  )
}
