import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { CompareTray } from '@/components/compare/ComparePicker.client'
import { findSearchPage } from '@/data/search'
import { ClientMessages } from '@/i18n/ClientMessages'
import { alternatesFor } from '@/i18n/metadata'
import { isLocale } from '@/i18n/routing'
import {
  SEARCH_FORMS,
  readSearchTerm,
  readSearchView,
  searchFilterParams,
  searchTermSegment,
} from '@/lib/directoryViews'
import { decodedOr } from '@/lib/percentEncoding'
import { isPastLastPage, queryString } from '@/lib/searchParams'

import { SearchResults } from './SearchResults'

/**
 * /search?q=… and /search/{term}?… as the proxy hands them over: one cached page per normalised
 * term, form and view (src/lib/directoryViews.ts), the same for every visitor.
 */
type Props = { params: Promise<{ locale: string; form: string; term: string; view: string }> }

export const generateStaticParams = () => []
// A time limit for other instances; on this one, any change a search might find expires the page
// at once (its read carries the search tag, src/server/cacheTags.ts).
export const revalidate = 60

/**
 * The view's term and filters, and where its results live: the box's query (`/search?q=`, the
 * term as `q`) or the shareable address. The route hands the term segment decoded already, unless
 * it still holds an escape.
 */
const load = async (params: Props['params']) => {
  const { locale, form, term: segment, view } = await params
  if (!isLocale(locale) || !(SEARCH_FORMS as readonly string[]).includes(form)) notFound()
  const term = readSearchTerm(decodedOr(segment, segment))
  const isAddress = form === 'address'
  return {
    locale,
    isAddress,
    term,
    filters: readSearchView(view),
    path: isAddress ? `/search/${searchTermSegment(term)}` : '/search',
    q: !isAddress && term ? term : undefined,
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, isAddress, term, filters, path, q } = await load(params)
  const t = await getTranslations({ locale, namespace: 'search' })
  return {
    title: term ? t('title-for', { term }) : t('title'),
    // Results of arbitrary queries stay out of search engines; /search/{term} is the shareable form.
    ...(isAddress ? { description: t('description-for', { term }) } : { robots: { index: false } }),
    alternates: alternatesFor(
      locale,
      `${path}${queryString({ q, ...searchFilterParams(filters) })}`,
    ),
  }
}

export default async function SearchPage({ params }: Props) {
  const { locale, term, filters, path, q } = await load(params)
  setRequestLocale(locale)
  const results = term ? await findSearchPage({ term, locale, ...filters }) : null
  // A page past the last is no page, as a listing's is.
  if (results && isPastLastPage(results)) notFound()
  return (
    <ClientMessages group="directory">
      <SearchResults
        term={term}
        filters={filters}
        locale={locale}
        path={path}
        q={q}
        results={results}
      />
      <CompareTray />
    </ClientMessages>
  )
}
