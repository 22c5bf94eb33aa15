import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { LOCALES, LOCALE_TAGS, type Locale, localizedPath } from './routing'

/** A page's canonical address and its address in every language (spec §9, design §5). */
export const alternatesFor = (locale: Locale, path: string): Metadata['alternates'] => ({
  canonical: localizedPath(locale, path),
  languages: {
    ...Object.fromEntries(LOCALES.map((code) => [LOCALE_TAGS[code], localizedPath(code, path)])),
    'x-default': localizedPath('ru', path),
  },
})

/**
 * The site's Open Graph card in a language (public/og-{locale}.png). A page that sets its own
 * `openGraph` replaces the layout's whole card, so it starts from this one.
 */
export const siteOpenGraph = async (locale: Locale) => {
  const t = await getTranslations({ locale, namespace: 'meta' })
  return {
    siteName: t('site-name'),
    locale: LOCALE_TAGS[locale].replace('-', '_'),
    images: [
      {
        url: `/og-${locale}.png`,
        width: 1200,
        height: 630,
        alt: `${t('site-name')} — ${t('tagline')}`,
      },
    ],
  } satisfies Metadata['openGraph']
}

/** The icons of public/: the favicon, the SVG mark, the home-screen icons and their manifest. */
export const SITE_ICONS = {
  icons: {
    icon: [
      { url: '/favicon.ico', sizes: '16x16 32x32 48x48' },
      { url: '/icon.svg', type: 'image/svg+xml' },
    ],
    apple: [{ url: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }],
  },
  manifest: '/site.webmanifest',
} satisfies Metadata
