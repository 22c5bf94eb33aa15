import * as calls from '@/api/search'
import { findSearchMatches, suggestionView } from '@/data/views/search'
import { DEFAULT_LOCALE } from '@/i18n/routing'
import { DIRECTORY_CACHE_SECONDS } from '@/lib/limits'
import { planSearch } from '@/lib/searchQuery'

import { defineEndpoint } from '../lib/defineEndpoint'

/**
 * GET /search-suggestions?q=bazzar&locale=en → {suggestions: [{id, title, type, path,
 * rating_average, review_count}]}: what the search page would show first for what is typed so
 * far (typos, the other script and type words included), titles in `locale` (Russian without
 * it). The answer is the same for everyone, so browsers and shared caches may keep it as long
 * as the directory's pages are kept.
 */
export const searchSuggestions = defineEndpoint(calls.searchSuggestions, {
  handler: async ({ req, query, reply }) => {
    const plan = planSearch(query.q)
    const { matches } = await findSearchMatches({
      payload: req.payload,
      plan,
      locale: query.locale ?? DEFAULT_LOCALE,
      limit: calls.SUGGESTIONS_MAX,
    })
    return reply(
      { suggestions: matches.map(suggestionView) },
      { headers: { 'Cache-Control': `public, max-age=${DIRECTORY_CACHE_SECONDS}` } },
    )
  },
})
