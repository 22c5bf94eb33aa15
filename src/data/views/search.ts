import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'

import type { ResourceType } from '@/lib/resourceTypes'
import { typeOfWord } from '@/lib/searchQuery'
import { postgresOf } from '@/server/sql/run'

import { resourcePath } from './resources'
import { type Options, matchQuery } from './searchStatement'

/**
 * How close a spelling must come to some stretch of a title to match it (pg_trgm's
 * word_similarity; its own default, 0.6, misses one wrong letter in a five-letter word).
 */
export const WORD_SIMILARITY_MIN = 0.45

/**
 * Spellings with two letters swapped are tried only when nothing else matched, and must come
 * closer: among a word's many swaps, one half-resembles some title by chance ("trade": tarde,
 * which half of "garden" holds).
 */
export const SWAP_SIMILARITY_MIN = 0.7

/**
 * How close the whole query written as one word must come to a whole title written so
 * (pg_trgm's strict_word_similarity: "trade hub" and TradeHub), without matching every title
 * that shares one of the query's words.
 */
export const COMPACT_SIMILARITY_MIN = 0.6

export type SearchMatch = {
  id: number
  slug: string
  type: ResourceType
  /** In the asked language, else in Russian (Payload's fallback locale). */
  title: string
  rating_average: number
  review_count: number
}

type Row = Omit<SearchMatch, 'rating_average' | 'review_count'> & {
  rating_average: string
  review_count: string
  total: number
  /** How many of all the matches matched by their text, not only by the type the query names. */
  text_total: number
}

/**
 * Published resources matching a planned query (src/lib/searchQuery.ts), best first, with the
 * number of all matches. A resource matches when a title of either language comes close to
 * every term of the query in one of its spellings (or to the whole query written as one word),
 * when the full text of either language holds the query, or when it is of a type the query
 * names. Relevance first (rounded, so that nearly equal matches go by rating), then the Bayesian
 * rating of src/lib/rating.ts (unrated last), then id.
 *
 * One statement through the trigram, full-text and listing indexes. Only when it matched no text
 * a second one looks for titles that come very close to any term in any spelling, swapped
 * letters included ("swfit", or a query with one word too many). Both run in a transaction of
 * their own, which sets how close a spelling must come for the trigram index.
 */
export const findSearchMatches = async ({
  payload,
  plan,
  ...options
}: Options): Promise<{ matches: SearchMatch[]; total: number }> => {
  if (!plan.text) return { matches: [], total: 0 }
  const adapter = postgresOf(payload)
  const rows = await adapter.drizzle.transaction(async (tx) => {
    const run = async (least: number, query: SQL) => {
      // The planner takes a trigram comparison for as cheap as an equality and would read every
      // title rather than the index whenever many might match, though each costs microseconds
      // (and the cost of a refused plan would set off the JIT compiler).
      await tx.execute(
        sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(least)}, true),
          set_config('pg_trgm.strict_word_similarity_threshold', ${String(COMPACT_SIMILARITY_MIN)}, true),
          set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`,
      )
      return (await tx.execute<Row>(query)).rows
    }
    const found = await run(
      WORD_SIMILARITY_MIN,
      matchQuery({
        ...options,
        plan,
        spellings: plan.variants.filter((variant) => !variant.isSwap),
        isEveryTerm: true,
        compacts: plan.compacts,
        phrases: plan.phrases,
      }),
    )
    // A query of type words only ("магазины") has found its type; one word without swaps has
    // nothing looser to try.
    const canLoosen =
      !plan.terms.every((term) => typeOfWord(term)) &&
      (plan.terms.length > 1 || plan.variants.some((variant) => variant.isSwap))
    if ((found[0]?.text_total ?? 0) > 0 || !canLoosen) return found
    return run(
      SWAP_SIMILARITY_MIN,
      matchQuery({
        ...options,
        plan,
        spellings: plan.variants,
        isEveryTerm: false,
        compacts: [],
        phrases: [],
      }),
    )
  })
  return {
    matches: rows.map(({ total: _total, text_total: _textTotal, ...row }) => ({
      ...row,
      rating_average: Number(row.rating_average),
      review_count: Number(row.review_count),
    })),
    total: rows[0]?.total ?? 0,
  }
}

/** A suggestion under the search box: what it takes to show a resource and open its page. */
export const suggestionView = (match: SearchMatch) => ({
  id: match.id,
  title: match.title,
  type: match.type,
  path: resourcePath(match),
  rating_average: match.rating_average,
  review_count: match.review_count,
})

export type SearchSuggestion = ReturnType<typeof suggestionView>
