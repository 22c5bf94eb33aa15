import 'server-only'

import { initI18n } from '@payloadcms/translations'
import type { PayloadRequest } from 'payload'
import { createTranslator } from 'use-intl/core'

import { detectLocale } from '@/i18n/detectLocale'
import { type Locale, isLocale } from '@/i18n/routing'

import en from '../../messages/en.json'
import ru from '../../messages/ru.json'

import { fallbackLocale } from './env'

/**
 * The language to answer an API request in: the site's cookie, then Accept-Language, then the
 * configured fallback (FALLBACK_LOCALE).
 */
export const requestLocale = (headers: Headers): Locale => detectLocale(headers, fallbackLocale())

/**
 * The language of the messages a request gets from every door (hooks, validators, access): the
 * one Payload speaks on it, so that the site's sentence and Payload's own beside it ("Следующее
 * поле недействительно: …") agree. Payload chooses it from its own cookie (`payload-lng`), then
 * Accept-Language, which the admin's forms set to the admin's language; the site's calls switch
 * it to the site's language first (`speakSiteLanguage`). Without a request's i18n (a bare local
 * request), the request's headers decide.
 */
export const messageLocale = (req: Pick<PayloadRequest, 'i18n' | 'headers'>): Locale => {
  const language: unknown = req.i18n?.language
  if (isLocale(language)) return language
  return req.headers ? requestLocale(req.headers) : fallbackLocale()
}

/**
 * A site call speaks the site's language (its cookie, then Accept-Language), whatever the
 * admin's cookie says: Payload's own messages (`req.t`) and the site's follow it.
 */
export const speakSiteLanguage = async (req: PayloadRequest): Promise<void> => {
  const language = requestLocale(req.headers)
  if (req.i18n?.language === language) return
  req.i18n = await initI18n({ config: req.payload.config.i18n, context: 'api', language })
  req.t = req.i18n.t
}

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
