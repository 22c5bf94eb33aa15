import { describe, expect, it } from 'vitest'

import { LIMITS } from '@/lib/limits'
import {
  QUERY_WORDS_MAX,
  cleanSearchTerm,
  normalizeQuery,
  planSearch,
  transliterations,
  typeOfWord,
  wordVariants,
} from '@/lib/searchQuery'

const spellings = (word: string) => wordVariants(word).map((variant) => variant.spelling)

describe('normalizeQuery', () => {
  it('should lower the case, write ё as е and keep only words of letters and digits', () => {
    expect(normalizeQuery('  Шёлковый   Рынок!! «Trade-Hub» 24/7 ')).toBe(
      'шелковый рынок trade hub 24 7',
    )
  })

  it('should drop NUL characters, half surrogate pairs and broken encoding', () => {
    expect(normalizeQuery('a\u0000b \ud800x \uFFFDc')).toBe('ab x c')
  })

  it('should keep at most the longest query a search takes', () => {
    expect(normalizeQuery('a'.repeat(10_000))).toHaveLength(LIMITS.searchQueryMax)
  })

  it('should leave nothing of a query without letters or digits', () => {
    expect(normalizeQuery(' "&|!-- ')).toBe('')
  })
})

describe('transliterations', () => {
  it('should write a Cyrillic word in Latin letters', () => {
    expect(transliterations('базар')).toEqual(['bazar'])
    expect(transliterations('магазин')).toEqual(['magazin'])
  })

  it('should give the English spelling too where the passport one differs', () => {
    expect(transliterations('гаджет')).toEqual(['gadzhet', 'gadjet'])
    expect(transliterations('обменник')).toEqual(['obmennik'])
  })

  it('should write a Latin word in Cyrillic letters', () => {
    expect(transliterations('bazar')).toEqual(['базар'])
    expect(transliterations('magazin')).toEqual(['магазин'])
    expect(transliterations('gadjet')).toEqual(['гаджет'])
    expect(transliterations('swift')).toEqual(['свифт'])
    expect(transliterations('shchi zhuk')).toEqual(['щи жук'])
  })

  it('should write y as й after a vowel and as ы elsewhere', () => {
    expect(transliterations('boy dym')).toEqual(['бой дым'])
  })

  it('should give nothing for text in neither script', () => {
    expect(transliterations('2024')).toEqual([])
  })
})

describe('typeOfWord', () => {
  it.each([
    ['магазин', 'shop'],
    ['магазины', 'shop'],
    ['магазинов', 'shop'],
    ['shop', 'shop'],
    ['shops', 'shop'],
    ['store', 'shop'],
    ['magazin', 'shop'],
    ['маркетплейс', 'marketplace'],
    ['marketplace', 'marketplace'],
    ['площадка', 'marketplace'],
    ['площадки', 'marketplace'],
    ['форум', 'forum'],
    ['forums', 'forum'],
    ['forum', 'forum'],
    ['обменник', 'exchanger'],
    ['обменники', 'exchanger'],
    ['exchanger', 'exchanger'],
    ['exchange', 'exchanger'],
    ['obmennik', 'exchanger'],
  ])('should read %s as the type %s', (word, type) => {
    expect(typeOfWord(word)).toBe(type)
  })

  it.each(['магазинчик', 'bazaar', 'spice', 'shopping', 'форумчанин'])(
    'should read %s as no type',
    (word) => {
      expect(typeOfWord(word)).toBeNull()
    },
  )
})

describe('wordVariants', () => {
  it('should give the word first, then the other script and doubled letters collapsed', () => {
    expect(spellings('bazzar').slice(0, 3)).toEqual(['bazzar', 'баззар', 'bazar'])
  })

  it('should mark the spellings with two neighbouring letters swapped', () => {
    const swapped = wordVariants('swfit').filter((variant) => variant.isSwap)
    expect(swapped.map((variant) => variant.spelling)).toContain('swift')
    expect(wordVariants('swfit')[0]).toEqual({ spelling: 'swfit', isSwap: false })
  })

  it('should swap no letters of short words', () => {
    expect(wordVariants('hub').filter((variant) => variant.isSwap)).toEqual([])
  })
})

describe('planSearch', () => {
  it('should take a type word as the type and rank by the other words', () => {
    const plan = planSearch('Магазин специй')
    expect([plan.types, plan.terms]).toEqual([['shop'], ['специй']])
  })

  it('should rank by the type word itself when the query has no other', () => {
    const plan = planSearch('магазины')
    expect([plan.types, plan.terms]).toEqual([['shop'], ['магазины']])
  })

  it('should read a type word typed in the other script', () => {
    expect(planSearch('magazin').types).toEqual(['shop'])
  })

  it('should leave out words that rank nothing when there are others', () => {
    expect(planSearch('the bazaar of coins').terms).toEqual(['bazaar', 'coins'])
    expect(planSearch('the').terms).toEqual(['the'])
  })

  it('should search the whole query as one word too, in both scripts', () => {
    expect(planSearch('trade hub').compacts).toEqual(['tradehub', 'традехуб'])
  })

  it('should search the full text as written and transliterated', () => {
    expect(planSearch('базар').phrases).toEqual(['базар', 'bazar'])
  })

  it('should count at most a bounded number of words', () => {
    const plan = planSearch('one two three four five six seven eight nine ten')
    expect(plan.terms).toHaveLength(QUERY_WORDS_MAX)
  })

  it('should plan nothing for a query without words', () => {
    expect(planSearch(' \u0000 ')).toMatchObject({ text: '', terms: [], compacts: [] })
  })
})

describe('cleanSearchTerm', () => {
  it('should drop control characters, invisible marks and broken encoding, and keep the words', () => {
    expect(cleanSearchTerm('a\u0000b')).toBe('ab')
    expect(cleanSearchTerm('  Trade\u202eHub\u200b \u0007 24/7\r\n')).toBe('TradeHub 24/7')
    expect(cleanSearchTerm('shop\tname\u2028next')).toBe('shop name next')
    expect(cleanSearchTerm('\ud800x')).toBe('x')
  })

  it('should keep at most the longest query, never half a character', () => {
    const long = cleanSearchTerm('😀'.repeat(200))
    expect([...long]).toHaveLength(LIMITS.searchQueryMax)
    expect(long.isWellFormed()).toBe(true)
  })
})
