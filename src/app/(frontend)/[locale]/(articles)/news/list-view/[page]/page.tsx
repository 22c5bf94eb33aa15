import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { setRequestLocale } from 'next-intl/server'

import { ArticleList } from '@/components/content/ArticleList'
import { listMetadata } from '@/components/content/articleMeta'
import { isLocale } from '@/i18n/routing'
import { pageParam } from '@/lib/searchParams'

/**
 * /news?page=N as the proxy hands it over (src/lib/articleViews.ts): one cached page per number.
 * A publish expires it at once (its read carries the collection's list tag); other instances
 * within a minute.
 */
type Props = { params: Promise<{ locale: string; page: string }> }

export const generateStaticParams = () => []
export const revalidate = 60

const load = async (params: Props['params']) => {
  const { locale, page } = await params
  if (!isLocale(locale) || String(pageParam(page)) !== page) notFound()
  setRequestLocale(locale)
  return { locale, page: Number(page) }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, page } = await load(params)
  return listMetadata({ collection: 'news', locale, page })
}

export default async function NewsListPage({ params }: Props) {
  const { locale, page } = await load(params)
  return <ArticleList collection="news" locale={locale} page={page} />
}
