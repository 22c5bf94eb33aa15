import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'
import type { Payload } from 'payload'

import type { Locale } from '@/i18n/routing'
import { RATING_PRIOR } from '@/lib/rating'
import type { ResourceType } from '@/lib/resourceTypes'
import type { SearchPlan } from '@/lib/searchQuery'

type Spelling = SearchPlan['variants'][number]

/** What the search is asked: the planned query, its filters and its page. */
export type Options = {
  payload: Payload
  plan: SearchPlan
  locale: Locale
  type?: ResourceType
  country?: string
  limit: number
  offset?: number
}

const array = (values: readonly string[]) => sql.param(values)

const greatest = (parts: SQL[]) => sql`greatest(${sql.join(parts, sql`, `)})`

const CYRILLIC = /[а-я]/
const LATIN = /[a-z]/

/**
 * The closest of `spellings` to a title key of `k`; only those of the title's script are
 * compared when it has one (a Latin spelling is nothing like a Cyrillic title), as each
 * comparison costs microseconds on every matching row.
 */
const closest = (spellings: string[], key: SQL, measure = sql`word_similarity`) => {
  const of = (list: string[]) =>
    list.length ? greatest(list.map((spelling) => sql`${measure}(${spelling}, ${key})`)) : sql`0`
  const cyrillic = spellings.filter((spelling) => !LATIN.test(spelling))
  const latin = spellings.filter((spelling) => !CYRILLIC.test(spelling))
  if (cyrillic.length === spellings.length || latin.length === spellings.length) {
    return of(spellings)
  }
  return sql`CASE WHEN k.is_cyrillic AND NOT k.is_latin THEN ${of(cyrillic)}
    WHEN k.is_latin AND NOT k.is_cyrillic THEN ${of(latin)} ELSE ${of(spellings)} END`
}

/** How close a title comes to the terms, from 0 to 1: each by its closest spelling, averaged. */
const wordsScore = ({ terms, spellings }: { terms: number; spellings: Spelling[] }) => {
  const perTerm = Array.from({ length: terms }, (_, term) =>
    closest(
      spellings.filter((spelling) => spelling.term === term).map(({ spelling }) => spelling),
      sql`k.title_key`,
    ),
  )
  return sql`(${sql.join(perTerm, sql` + `)}) / ${terms}`
}

/**
 * How close a title comes to the query, from 0 to 1: its terms (`k.words`), or the whole query
 * written as one word, whichever is closer; the latter only where the terms are not all there.
 */
const titleScore = (compacts: string[]) =>
  compacts.length
    ? sql`CASE WHEN k.words >= 1 THEN 1 ELSE ${greatest([
        sql`k.words`,
        closest(compacts, sql`k.compact_key`, sql`strict_word_similarity`),
      ])} END`
    : sql`k.words`

/** Each term close to the title (one index scan per term, intersected), or any of them. */
const titleCondition = ({
  terms,
  spellings,
  isEveryTerm,
}: {
  terms: number
  spellings: Spelling[]
  isEveryTerm: boolean
}) => {
  const closeTo = (list: Spelling[]) =>
    sql`search_title_key(l.title) %> ANY(${array(list.map(({ spelling }) => spelling))}::text[])`
  if (!isEveryTerm) return closeTo(spellings)
  return sql`(${sql.join(
    Array.from({ length: terms }, (_, term) =>
      closeTo(spellings.filter((spelling) => spelling.term === term)),
    ),
    sql` AND `,
  )})`
}

/**
 * One page of the resources whose titles come close to every term (`isEveryTerm`) or to any
 * term in one of `spellings`, or to one of `compacts`, or whose text holds one of `phrases`.
 */
export const matchQuery = ({
  plan,
  spellings,
  isEveryTerm,
  compacts,
  phrases,
  locale,
  type,
  country,
  limit,
  offset = 0,
}: Omit<Options, 'payload'> & {
  spellings: Spelling[]
  isEveryTerm: boolean
  compacts: string[]
  phrases: string[]
}) => {
  // Either language's stemming, for each way the query may be written.
  const tsq = phrases.length
    ? sql`(${sql.join(
        phrases.map(
          (phrase) =>
            sql`plainto_tsquery('russian', ${phrase}) || plainto_tsquery('english', ${phrase})`,
        ),
        sql` || `,
      )})`
    : null
  const types = sql`${array(plan.types)}::enum_resources_type[]`
  const filters: SQL[] = [sql`r.status = 'published'`]
  if (type) filters.push(sql`r.type = ${type}`)
  if (country) filters.push(sql`r.country = ${country}`)
  const { weight, mean } = RATING_PRIOR
  const order = sql`relevance DESC, review_count > 0 DESC, bayesian DESC, id`
  return sql`
    WITH matched AS (
      SELECT k.id, true AS is_text_match,
        ${titleScore(compacts)}
          + ${tsq ? sql`ts_rank(k.search_vector, ${tsq})` : sql`0`}
          + CASE WHEN k.compact_key = ANY(${array(compacts)}::text[]) THEN 1 ELSE 0 END AS score
      -- Each step is worked out once per row (OFFSET 0 keeps the planner from inlining it into
      -- every expression that uses it): the title's keys, then how close its words come.
      FROM (
        SELECT k.*, ${wordsScore({ terms: plan.terms.length, spellings })} AS words
        FROM (
          SELECT l._parent_id AS id, l.search_vector,
            search_title_key(l.title) AS title_key, search_compact_key(l.title) AS compact_key,
            l.title ~ '[а-яА-ЯёЁ]' AS is_cyrillic, l.title ~ '[a-zA-Z]' AS is_latin
          FROM resources_locales l
          WHERE ${titleCondition({ terms: plan.terms.length, spellings, isEveryTerm })}
            OR search_compact_key(l.title) %>> ANY(${array(compacts)}::text[])
            ${tsq ? sql`OR l.search_vector @@ ${tsq}` : sql``}
          OFFSET 0
        ) AS k
        OFFSET 0
      ) AS k
      UNION ALL
      SELECT r.id, false, 0 FROM resources r
      WHERE r.type = ANY(${types}) AND r.status = 'published'
    ),
    ranked AS (
      SELECT r.id, r.slug, r.type, r.rating_average, r.review_count,
        bool_or(m.is_text_match) AS is_text_match,
        round((max(m.score) + CASE WHEN r.type = ANY(${types}) THEN 1 ELSE 0 END)::numeric, 1)
          AS relevance,
        (r.rating_average * r.review_count + ${weight * mean}) / (r.review_count + ${weight})
          AS bayesian
      FROM matched m
      JOIN resources r ON r.id = m.id
      WHERE ${sql.join(filters, sql` AND `)}
      GROUP BY r.id
    ),
    page AS (
      SELECT *, count(*) OVER ()::int AS total,
        (count(*) FILTER (WHERE is_text_match) OVER ())::int AS text_total
      FROM ranked ORDER BY ${order}
      LIMIT ${limit} OFFSET ${offset}
    )
    SELECT page.id, page.slug, page.type, page.rating_average, page.review_count, page.total,
      page.text_total, coalesce(shown.title, fallback.title) AS title
    FROM page
    LEFT JOIN resources_locales shown ON shown._parent_id = page.id AND shown._locale = ${locale}
    LEFT JOIN resources_locales fallback
      ON fallback._parent_id = page.id AND fallback._locale = 'ru'
    ORDER BY ${order}`
}
