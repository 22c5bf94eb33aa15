import { z } from 'zod'

import { findSearchMatches, suggestionView } from '@/data/views/search'
import { DEFAULT_LOCALE, LOCALES } from '@/i18n/routing'
import { LIMITS } from '@/lib/limits'
import { planSearch } from '@/lib/searchQuery'
import { DIRECTORY_CACHE_SECONDS } from '@/server/publicCache'

import { defineEndpoint } from '../lib/defineEndpoint'
import { ok } from '../lib/http'

/** How many suggestions a search box shows. */
export const SUGGESTIONS_MAX = 6

/**
 * GET /search-suggestions?q=bazzar&locale=en → {suggestions: [{id, title, type, path,
 * rating_average, review_count}]}: what the search page would show first for what is typed so
 * far (typos, the other script and type words included), titles in `locale` (Russian without
 * it). The answer is the same for everyone, so browsers and shared caches may keep it as long
 * as the directory's pages are kept.
 */
export const searchSuggestions = defineEndpoint({
  path: '/search-suggestions',
  method: 'get',
  auth: 'anyone',
  summary: `Up to ${SUGGESTIONS_MAX} published resources for what is typed in a search box (public, cached ${DIRECTORY_CACHE_SECONDS} s)`,
  answer: '{suggestions: [{id, title, type, path, rating_average, review_count}]}',
  query: z.object({
    q: z
      .string({ message: 'required' })
      .max(LIMITS.searchQueryMax, 'too-long')
      .describe('What is typed so far'),
    locale: z
      .enum(LOCALES, { message: 'value-invalid' })
      .optional()
      .describe('The language of the titles (ru without it)'),
  }),
  handler: async ({ req, query }) => {
    const plan = planSearch(query.q)
    const { matches } = await findSearchMatches({
      payload: req.payload,
      plan,
      locale: query.locale ?? DEFAULT_LOCALE,
      limit: SUGGESTIONS_MAX,
    })
    return ok(
      { suggestions: matches.map(suggestionView) },
      { headers: { 'Cache-Control': `public, max-age=${DIRECTORY_CACHE_SECONDS}` } },
    )
  },
})
