import type { Metadata } from 'next'

import { LOCALES, LOCALE_TAGS, type Locale, localizedPath } from './routing'

/** A page's canonical address and its address in every language (spec §9, design §5). */
export const alternatesFor = (locale: Locale, path: string): Metadata['alternates'] => ({
  canonical: localizedPath(locale, path),
  languages: {
    ...Object.fromEntries(LOCALES.map((code) => [LOCALE_TAGS[code], localizedPath(code, path)])),
    'x-default': localizedPath('ru', path),
  },
})
