import 'server-only'

import type { Locale } from '@/i18n/routing'
import type { ResourceType } from '@/lib/resourceTypes'
import { planSearch } from '@/lib/searchQuery'

import { getPayload } from './payload'
import { findResourcesInOrder } from './resources'
import { resourceSummary } from './views/resources'
import { findSearchMatches } from './views/search'

export const SEARCH_PAGE_SIZE = 20

/**
 * Published resources matching `q`, best first (src/data/views/search.ts: titles close to the
 * query's words in either script, full text in either language, the types it names), as the
 * listing's cards show them, each with its search text for the matched snippet. One SQL query
 * finds and ranks the page, one reads it.
 */
export const searchResources = async ({
  q,
  locale,
  type,
  country,
  page,
}: {
  q: string
  locale: Locale
  type?: ResourceType
  country?: string
  page: number
}) => {
  const plan = planSearch(q)
  if (!plan.text) return { resources: [], total: 0, pages: 0, page }
  const payload = await getPayload()
  const { matches, total } = await findSearchMatches({
    payload,
    plan,
    locale,
    type,
    country,
    limit: SEARCH_PAGE_SIZE,
    offset: (page - 1) * SEARCH_PAGE_SIZE,
  })
  const found = await findResourcesInOrder({
    payload,
    ids: matches.map((match) => match.id),
    locale,
    withSearchText: true,
  })
  const resources = found.map((doc) => ({
    ...resourceSummary(doc),
    // The search text starts with the title, which the card shows already.
    text: (doc.searchText ?? '').split('\n').slice(1).join(' '),
  }))
  return { resources, total, pages: Math.ceil(total / SEARCH_PAGE_SIZE), page }
}
