import { headers } from 'next/headers'
import { getRequestConfig } from 'next-intl/server'

import { DEFAULT_LOCALE, isLocale } from './routing'
import { LOCALE_HEADER } from './headers'

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = (await requestLocale) ?? (await headers()).get(LOCALE_HEADER)
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
  }
})
