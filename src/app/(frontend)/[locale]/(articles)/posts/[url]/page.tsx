import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { setRequestLocale } from 'next-intl/server'

import { ArticleBody } from '@/components/content/ArticleBody'
import { articleMetadata } from '@/components/content/articleMeta'
import { getArticle } from '@/data/content'
import { ClientMessages } from '@/i18n/ClientMessages'
import { isLocale } from '@/i18n/routing'

/**
 * /posts/{url}: one published article, rendered once for everyone and cached; publishing it again
 * (or another article of the collection: the previous/next links) expires it at once.
 */
type Props = { params: Promise<{ locale: string; url: string }> }

export const generateStaticParams = () => []
export const revalidate = 60

const load = async (params: Props['params']) => {
  const { locale, url } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const article = await getArticle({ collection: 'posts', slug: url, locale })
  if (!article) notFound()
  return { locale, article }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return articleMetadata(await load(params))
}

export default async function PostsArticlePage({ params }: Props) {
  const { locale, article } = await load(params)
  return (
    <ClientMessages group="article">
      <ArticleBody article={article} locale={locale} />
    </ClientMessages>
  )
}
