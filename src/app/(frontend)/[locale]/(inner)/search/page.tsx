import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ClientMessages } from '@/i18n/ClientMessages'
import { firstParam } from '@/lib/searchParams'
import { cleanSearchTerm } from '@/lib/searchQuery'

import { SearchResults, type SearchQuery } from './SearchResults'

type Props = { searchParams: Promise<SearchQuery> }

const termOf = (query: SearchQuery) => cleanSearchTerm(firstParam(query.q) ?? '')

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const t = await getTranslations('search')
  const term = termOf(await searchParams)
  // Result pages of arbitrary queries stay out of search engines; /search/{term} is the shareable form.
  return { title: term ? t('title-for', { term }) : t('title'), robots: { index: false } }
}

/** /search?q=: the header's search box lands here. */
export default async function SearchPage({ searchParams }: Props) {
  const query = await searchParams
  return (
    <ClientMessages group="directory">
      <SearchResults term={termOf(query)} query={query} path="/search" />
    </ClientMessages>
  )
}
