import { LIMITS } from './limits'
import type { ResourceType } from './resourceTypes'

/**
 * What the search reads in a query, before any SQL: its words in one normal form, the resource
 * types it names, and the spellings each word may stand for: transliterated between Cyrillic and
 * Latin (people type a name in whichever script their keyboard is in), doubled letters collapsed,
 * two neighbouring letters swapped (trigrams forgive a wrong letter, hardly a swap).
 */

/** Characters no query means: controls (NUL included), invisible format marks, bidi overrides. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\uFFFD]/gu

/**
 * A query as people typed it, fit to show (a page's title and heading) and to search: line breaks
 * and tabs as spaces; control characters, invisible marks and broken encoding gone; spaces
 * collapsed; at most LIMITS.searchQueryMax characters. Every door reads the query through it.
 */
export const cleanSearchTerm = (query: string) =>
  [
    ...query
      .toWellFormed()
      .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ')
      .replace(INVISIBLE, '')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, LIMITS.searchQueryMax)
    .join('')
    .trim()

/** Lower case, ё as е, words of letters and digits between single spaces, 100 characters at most. */
export const normalizeQuery = (query: string) =>
  cleanSearchTerm(query)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, LIMITS.searchQueryMax)
    .trim()

/** The query's distinct words; at most this many count, so the SQL stays bounded. */
export const QUERY_WORDS_MAX = 6

export const queryWords = (normalized: string) =>
  [...new Set(normalized.split(' ').filter(Boolean))].slice(0, QUERY_WORDS_MAX)

const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh',
  ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
} // prettier-ignore

/** How English spelling renders the sounds the passport table writes otherwise (гаджет: gadjet). */
const CYRILLIC_TO_ENGLISH: Record<string, string> = {
  ...CYRILLIC_TO_LATIN,
  ж: 'j', й: 'i', х: 'h', ц: 'c', щ: 'sch', ю: 'ju', я: 'ja',
} // prettier-ignore

/** Longest spellings first: each Latin letter group and the Cyrillic letters it sounds as. */
const LATIN_TO_CYRILLIC: [string, string][] = [
  ['shch', 'щ'], ['sch', 'щ'], ['zh', 'ж'], ['kh', 'х'], ['ts', 'ц'], ['ch', 'ч'], ['sh', 'ш'],
  ['yu', 'ю'], ['ju', 'ю'], ['ya', 'я'], ['ja', 'я'], ['yo', 'е'], ['jo', 'е'], ['ye', 'е'],
  ['ph', 'ф'], ['th', 'т'], ['ck', 'к'], ['dj', 'дж'], ['ee', 'и'], ['oo', 'у'],
  ['ce', 'це'], ['ci', 'ци'], ['cy', 'ци'],
  ['a', 'а'], ['b', 'б'], ['c', 'к'], ['d', 'д'], ['e', 'е'], ['f', 'ф'], ['g', 'г'], ['h', 'х'],
  ['i', 'и'], ['j', 'дж'], ['k', 'к'], ['l', 'л'], ['m', 'м'], ['n', 'н'], ['o', 'о'], ['p', 'п'],
  ['q', 'к'], ['r', 'р'], ['s', 'с'], ['t', 'т'], ['u', 'у'], ['v', 'в'], ['w', 'в'], ['x', 'кс'],
  ['y', 'ы'], ['z', 'з'],
] // prettier-ignore

const mapLetters = (text: string, table: Record<string, string>) =>
  [...text].map((letter) => table[letter] ?? letter).join('')

const toCyrillic = (text: string) => {
  let result = ''
  for (let at = 0; at < text.length;) {
    const [latin, cyrillic] = LATIN_TO_CYRILLIC.find(([latin]) => text.startsWith(latin, at)) ?? [
      text[at],
      text[at],
    ]
    // A y after a vowel is the short й (boy: бой), elsewhere the hard ы (dym: дым).
    result += latin === 'y' && /[аеиоуыэюя]$/.test(result) ? 'й' : cyrillic
    at += latin.length
  }
  return result
}

/**
 * The query in the other script: Cyrillic text as Latin (the passport spelling, then the English
 * one when it differs), Latin text as Cyrillic; text with neither script has none.
 */
export const transliterations = (text: string): string[] => {
  const variants = /[а-яё]/.test(text)
    ? [mapLetters(text, CYRILLIC_TO_LATIN), mapLetters(text, CYRILLIC_TO_ENGLISH)]
    : /[a-z]/.test(text)
      ? [toCyrillic(text)]
      : []
  return [...new Set(variants)].filter((variant) => variant !== text)
}

/** Every word of these forms names its type: the words of both languages, in any of their cases. */
const TYPE_WORDS: [RegExp, ResourceType][] = [
  [/^(магазин(а|у|ом|е|ы|ов|ам|ами|ах)?|shops?|stores?)$/, 'shop'],
  [/^(маркетплейс(а|у|ом|е|ы|ов|ам|ами|ах)?|marketplaces?|площадк(а|и|е|у|ой|ам|ами|ах)|площадок)$/, 'marketplace'],
  [/^(форум(а|у|ом|е|ы|ов|ам|ами|ах)?|forums?)$/, 'forum'],
  [/^(обменник(а|у|ом|е|и|ов|ам|ами|ах)?|обмен(а|у|ом|е|ы|ов)?|exchangers?|exchanges?)$/, 'exchanger'],
] // prettier-ignore

/** The type a word names, in either script ("magazin" is магазин), or null. */
export const typeOfWord = (word: string): ResourceType | null => {
  for (const spelling of [word, ...transliterations(word)]) {
    const found = TYPE_WORDS.find(([pattern]) => pattern.test(spelling))
    if (found) return found[1]
  }
  return null
}

/** Words that rank nothing when the query has others: conjunctions and prepositions. */
const STOP_WORDS = new Set([
  ...'и в во на с со по для от из к у о об не или а но'.split(' '),
  ...'the an and or of in on for to at by with'.split(' '),
])

/** Two neighbouring letters swapped, for words long enough to be worth it (swfit: swift). */
const swaps = (word: string) => {
  const letters = [...word]
  if (letters.length < 4 || letters.length > 15 || /\d/.test(word)) return []
  return Array.from({ length: letters.length - 1 }, (_, i) =>
    [...letters.slice(0, i), letters[i + 1], letters[i], ...letters.slice(i + 2)].join(''),
  ).filter((variant) => variant !== word)
}

/**
 * The spellings a word may stand for, the word itself first; `isSwap` marks those with two
 * letters swapped, which must come closer to a title to count.
 */
export const wordVariants = (word: string) => {
  const spellings = new Set([word, ...transliterations(word), word.replace(/(\p{L})\1+/gu, '$1')])
  return [
    ...[...spellings].map((spelling) => ({ spelling, isSwap: false })),
    ...[...new Set(swaps(word))]
      .filter((spelling) => !spellings.has(spelling))
      .map((spelling) => ({ spelling, isSwap: true })),
  ]
}

/** The query without spaces, as a title written as one word reads it ("trade hub": TradeHub). */
export const compactText = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '')

export type SearchPlan = {
  /** The normalised query; empty when it holds no word at all. */
  text: string
  /** The resource types the query names ("магазин", "forum"). */
  types: ResourceType[]
  /** The words that rank the results: the query's other words, or all of them if it has none. */
  terms: string[]
  /** The spellings each term may stand for: `term` is its index in `terms`. */
  variants: { term: number; spelling: string; isSwap: boolean }[]
  /** Full-text queries: the terms as written and transliterated. */
  phrases: string[]
  /** The whole query without spaces, as written and transliterated. */
  compacts: string[]
}

/** How the search reads a query: see the fields of SearchPlan. */
export const planSearch = (query: string): SearchPlan => {
  const text = normalizeQuery(query)
  const words = queryWords(text)
  const types = [
    ...new Set(words.map(typeOfWord).filter((type): type is ResourceType => Boolean(type))),
  ]
  const rest = words.filter((word) => !typeOfWord(word))
  const meaningful = rest.filter((word) => !STOP_WORDS.has(word))
  const terms = meaningful.length ? meaningful : rest.length ? rest : words
  const phrase = terms.join(' ')
  return {
    text,
    types,
    terms,
    variants: terms.flatMap((term, index) =>
      wordVariants(term).map((variant) => ({ term: index, ...variant })),
    ),
    phrases: phrase ? [phrase, ...transliterations(phrase)] : [],
    compacts: text
      ? [...new Set([text, ...transliterations(text)].map(compactText))].filter(Boolean)
      : [],
  }
}
