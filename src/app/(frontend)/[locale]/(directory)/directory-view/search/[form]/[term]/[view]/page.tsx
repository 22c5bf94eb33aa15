import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { ClientMessages } from '@/i18n/ClientMessages'
import { alternatesFor } from '@/i18n/metadata'
import { isLocale } from '@/i18n/routing'
import {
  SEARCH_FORMS,
  type SearchForm,
  readSearchTerm,
  readSearchView,
  searchFilterParams,
  searchTermSegment,
} from '@/lib/directoryViews'
import { queryString } from '@/lib/searchParams'

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

const load = async (params: Props['params']) => {
  const { locale, form, term, view } = await params
  if (!isLocale(locale) || !(SEARCH_FORMS as readonly string[]).includes(form)) notFound()
  return {
    locale,
    form: form as SearchForm,
    term: readSearchTerm(decodeOnce(term)),
    filters: readSearchView(view),
  }
}

/** A segment as the route hands it: decoded already, unless it still holds an escape. */
const decodeOnce = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Where the results live: the box's query (`/search?q=`) or the shareable address. */
const pathOf = (form: SearchForm, term: string) =>
  form === 'address' ? `/search/${searchTermSegment(term)}` : '/search'

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, form, term, filters } = await load(params)
  const t = await getTranslations({ locale, namespace: 'search' })
  const q = form === 'query' && term ? term : undefined
  const path = `${pathOf(form, term)}${queryString({ q, ...searchFilterParams(filters) })}`
  return {
    title: term ? t('title-for', { term }) : t('title'),
    // Results of arbitrary queries stay out of search engines; /search/{term} is the shareable form.
    ...(form === 'address'
      ? { description: t('description-for', { term }) }
      : { robots: { index: false } }),
    alternates: alternatesFor(locale, path),
  }
}

export default async function SearchPage({ params }: Props) {
  const { locale, form, term, filters } = await load(params)
  setRequestLocale(locale)
  return (
    <ClientMessages group="directory">
      <SearchResults
        term={term}
        filters={filters}
        locale={locale}
        path={pathOf(form, term)}
        q={form === 'query' && term ? term : undefined}
      />
    </ClientMessages>
  )
}
