import 'server-only'

import { createTranslator } from 'use-intl/core'

import { detectLocale } from '@/i18n/detectLocale'
import type { Locale } from '@/i18n/routing'

import en from '../../messages/en.json'
import ru from '../../messages/ru.json'

import { fallbackLocale } from './env'

/**
 * The language to answer an API request in: the site's cookie, then Accept-Language, then the
 * configured fallback (FALLBACK_LOCALE).
 */
export const requestLocale = (headers: Headers): Locale => detectLocale(headers, fallbackLocale())

const translators = {
  ru: createTranslator({ locale: 'ru', messages: ru, onError: fail }),
  en: createTranslator({ locale: 'en', messages: en, onError: fail }),
}

function fail(error: Error): never {
  throw error
}

/**
 * A message from the same catalogues the site uses, e.g. `api.file-type-not-allowed`, formatted
 * as the site formats it (`{name}` filled from `values`, plurals): in the site's build the
 * catalogues come compiled, elsewhere (scripts, tests) as written, and use-intl reads both.
 */
export const serverMessage = ({
  locale,
  key,
  values = {},
}: {
  locale: Locale
  key: string
  values?: Record<string, string | number>
}): string => (translators[locale] as (key: string, values: object) => string)(key, values)
