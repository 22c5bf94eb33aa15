import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { setRequestLocale } from 'next-intl/server'

import { AccountDeletionList } from '@/components/content/AccountDeletionList'
import { PageArticle } from '@/components/content/PageArticle'
import { pageMetadata } from '@/components/content/PageMetadata'
import { RetentionList } from '@/components/content/RetentionList'
import { getPage } from '@/data/content'
import { redirect } from '@/i18n/navigation'
import { isLocale } from '@/i18n/routing'
import { PRIVACY_PATH } from '@/lib/consent'
import { PAGE_ROUTES } from '@/lib/content'

type Props = { params: Promise<{ locale: string; url: string }> }

// A cached, tagged read: publishing the page expires it at once (expireContentPages).
export const revalidate = 60

const load = async (params: Props['params']) => {
  const { locale, url } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  // About-us and contacts have routes of their own.
  const own = Object.hasOwn(PAGE_ROUTES, url) ? PAGE_ROUTES[url] : undefined
  if (own) redirect({ href: own, locale })
  const page = await getPage({ slug: url, locale })
  if (!page) notFound()
  return { locale, page }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata(await load(params))
}

/**
 * /informations/{url}: rules, privacy and any page the editors add. The privacy page ends with the
 * periods the site keeps each kind of record, as the clean-ups enforce them, and what deleting an
 * account removes and keeps, as the deletion does.
 */
export default async function InformationPage({ params }: Props) {
  const { locale, page } = await load(params)
  const after = PRIVACY_PATH.endsWith(`/${page.slug}`) ? (
    <>
      <RetentionList locale={locale} />
      <AccountDeletionList locale={locale} />
    </>
  ) : null
  return <PageArticle page={page} locale={locale} after={after} />
}
