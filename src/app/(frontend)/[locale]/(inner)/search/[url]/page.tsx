import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ClientMessages } from '@/i18n/ClientMessages'
import { cleanSearchTerm } from '@/lib/searchQuery'

import { SearchResults, type SearchQuery } from '../SearchResults'

type Props = { params: Promise<{ url: string }>; searchParams: Promise<SearchQuery> }

const termOf = async (params: Props['params']) => {
  const { url } = await params
  try {
    return cleanSearchTerm(decodeURIComponent(url).replace(/-/g, ' '))
  } catch {
    return cleanSearchTerm(url)
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations('search')
  const term = await termOf(params)
  return { title: t('title-for', { term }), description: t('description-for', { term }) }
}

/** /search/{term}: a shareable page of the results for one term (hyphens stand for spaces). */
export default async function SearchTermPage({ params, searchParams }: Props) {
  const term = await termOf(params)
  const { url } = await params
  return (
    <ClientMessages group="directory">
      <SearchResults term={term} query={await searchParams} path={`/search/${url}`} />
    </ClientMessages>
  )
}
