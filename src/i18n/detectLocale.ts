import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale, isLocale } from './routing'

const cookieValue = (headers: Headers, name: string) =>
  (headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1]

/** The browser's languages, most wanted first, as bare codes ('en-US;q=0.8' → 'en'). */
const rankedLanguages = (header: string) =>
  header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.find((p) => p.trim().startsWith('q='))
      return { language: tag.toLowerCase().split('-')[0], q: q ? Number(q.trim().slice(2)) : 1 }
    })
    .filter((entry) => entry.language && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.language)

/**
 * Spec §9: the locale cookie first, then the browser's language list, then the configured
 * fallback (the server's FALLBACK_LOCALE, `fallbackLocale` in src/server/env.ts), Russian if none.
 */
export const detectLocale = (headers: Headers, fallback: Locale = DEFAULT_LOCALE): Locale => {
  const cookie = cookieValue(headers, LOCALE_COOKIE)
  if (isLocale(cookie)) return cookie
  return rankedLanguages(headers.get('accept-language') ?? '').find(isLocale) ?? fallback
}
