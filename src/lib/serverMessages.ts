import en from '../../messages/en.json'
import ru from '../../messages/ru.json'
import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale, isLocale } from '../i18n/routing'

const CATALOGUES = { ru, en }

/**
 * The language to answer an API request in: the site's locale cookie, then the client's
 * Accept-Language, then Russian.
 */
export const requestLocale = (headers: Headers): Locale => {
  const cookie = (headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1]
  if (isLocale(cookie)) return cookie
  const languages = (headers.get('accept-language') ?? '')
    .split(',')
    .map((part) => part.trim().split(/[-;]/)[0].toLowerCase())
  return languages.find(isLocale) ?? DEFAULT_LOCALE
}

/**
 * A message from the same catalogues the site uses, e.g. `api.file-type-not-allowed`, with
 * `{name}` placeholders filled from `values`.
 */
export const serverMessage = ({
  locale,
  key,
  values = {},
}: {
  locale: Locale
  key: string
  values?: Record<string, string | number>
}): string => {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      CATALOGUES[locale],
    )
  if (typeof found !== 'string') throw new Error(`Missing message ${key}`)
  return found.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole))
}
