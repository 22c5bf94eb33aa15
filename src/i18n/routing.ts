import { defineRouting } from 'next-intl/routing'

export const LOCALES = ['ru', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'ru'

/** BCP 47 tags per locale (spec §9), used for hreflang and Open Graph. */
export const LOCALE_TAGS: Record<Locale, string> = { ru: 'ru-RU', en: 'en' }

export const LOCALE_COOKIE = 'NEXT_LOCALE'

/** Spec §9: the language cookie lives 365 days. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  // Links to Russian pages carry no prefix; `/ru/x` still answers (the proxy lets it through).
  localePrefix: 'as-needed',
  // Detection happens only for `/`, in the proxy, so `/x` always means Russian.
  localeDetection: false,
  localeCookie: { name: LOCALE_COOKIE, maxAge: LOCALE_COOKIE_MAX_AGE, path: '/', sameSite: 'lax' },
})

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/** The site's other language. */
export const otherLocale = (locale: Locale): Locale => (locale === 'ru' ? 'en' : 'ru')

/** `/en/news` → `{ locale: 'en', path: '/news' }`; `/news` and `/ru/news` are Russian. */
export const splitLocale = (
  pathname: string,
): { locale: Locale; path: string; hasPrefix: boolean } => {
  const [, first, ...rest] = pathname.split('/')
  if (isLocale(first)) return { locale: first, path: `/${rest.join('/')}`, hasPrefix: true }
  return { locale: DEFAULT_LOCALE, path: pathname || '/', hasPrefix: false }
}

/** The public URL of a path in a locale: Russian unprefixed, English under `/en`. */
export const localizedPath = (locale: Locale, path: string): string => {
  const clean = path === '/' ? '' : path
  return locale === DEFAULT_LOCALE ? clean || '/' : `/${locale}${clean}`
}
