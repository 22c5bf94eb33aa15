import { headers } from 'next/headers'
import { getRequestConfig } from 'next-intl/server'

import { LOCALE_HEADER } from './headers'
import { DEFAULT_LOCALE, isLocale } from './routing'

/**
 * The locale a call names, else the page's (setRequestLocale), else the proxy's header. Only the
 * last reads the request, which would keep a page from being cached: the directory's cached pages
 * always name theirs.
 */
export default getRequestConfig(async ({ locale: named, requestLocale }) => {
  const requested = named ?? (await requestLocale) ?? (await headers()).get(LOCALE_HEADER)
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
  }
})
