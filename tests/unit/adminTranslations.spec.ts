import { ru } from '@payloadcms/translations/languages/ru'
import { describe, expect, it } from 'vitest'

import { russianAdminWords } from '@/server/adminTranslations'

type Words = { [key: string]: string | Words }

const merged = (into: Words, words: Words): Words => {
  const out: Words = { ...into }
  for (const [key, value] of Object.entries(words)) {
    out[key] = typeof value === 'string' ? value : merged((out[key] ?? {}) as Words, value)
  }
  return out
}

const templates = (words: Words, path = ''): [string, string][] =>
  Object.entries(words).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${path}${key}`, value]] : templates(value, `${path}${key}.`),
  )

/**
 * A collection's label (nominative, of any gender: «Новость», «Файл», «Вопросы и ответы») beside
 * a word that agrees with one gender or case reads as a slip: «Новость успешно создан».
 */
const GENDERED =
  /\{\{label\}\}\s+(успешно\s+)?(создан|продублирован|удален|восстановлен|перемещен|обновлен)|(нов(ый|ого)|существующий|Этот|этот документ)\s+\{\{label\}\}/

describe('the admin in Russian', () => {
  it('should never put a collection’s label beside a word of one gender', () => {
    const words = merged(ru.translations as unknown as Words, russianAdminWords as Words)
    const slips = templates(words).filter(([, text]) => GENDERED.test(text))
    expect(slips).toEqual([])
  })
})
