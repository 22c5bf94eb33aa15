import 'server-only'

import { detectLocale } from '@/i18n/detectLocale'
import type { Locale } from '@/i18n/routing'

import en from '../../messages/en.json'
import ru from '../../messages/ru.json'

const CATALOGUES = { ru, en }

/** The language to answer an API request in (the site's cookie, then Accept-Language). */
export const requestLocale = detectLocale

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
