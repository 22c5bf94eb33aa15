import { z } from 'zod'

import type { SearchSuggestion } from '@/data/views/search'
import { LOCALES } from '@/i18n/routing'
import { DIRECTORY_CACHE_SECONDS, LIMITS } from '@/lib/limits'
import { cleanSearchTerm } from '@/lib/searchQuery'

import { answer, declareCall } from './call'

/** How many suggestions a search box shows. */
export const SUGGESTIONS_MAX = 6

export const searchSuggestions = declareCall({
  path: '/search-suggestions',
  method: 'get',
  auth: 'anyone',
  summary: `Up to ${SUGGESTIONS_MAX} published resources for what is typed in a search box (public, cached ${DIRECTORY_CACHE_SECONDS} s)`,
  answer: answer<{ suggestions: SearchSuggestion[] }>(
    '{suggestions: [{id, title, type, path, rating_average, review_count}]}',
  ),
  query: z.object({
    q: z
      .string({ message: 'required' })
      .max(LIMITS.searchQueryMax, 'too-long')
      .transform(cleanSearchTerm)
      .describe('What is typed so far'),
    locale: z
      .enum(LOCALES, { message: 'value-invalid' })
      .optional()
      .describe('The language of the titles (ru without it)'),
  }),
})
