import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { setRequestLocale } from 'next-intl/server'

import { PageArticle } from '@/components/content/PageArticle'
import { pageMetadata } from '@/components/content/PageMetadata'
import { getPage } from '@/data/content'
import { isLocale } from '@/i18n/routing'

type Props = { params: Promise<{ locale: string }> }

// A cached, tagged read: publishing the page expires it at once (expireContentPages).
export const revalidate = 60

const load = async (params: Props['params']) => {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const page = await getPage({ slug: 'about-us', locale })
  if (!page) notFound()
  return { locale, page }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata(await load(params))
}

/** /about-us: the editors' page of that slug. */
export default async function AboutUsPage({ params }: Props) {
  const { locale, page } = await load(params)
  return <PageArticle page={page} locale={locale} />
}
