import { getLocale, getTranslations } from 'next-intl/server'

import type { MyResource } from '@/data/myResources'
import { DEFAULT_LOCALE, LOCALES, type Locale, isLocale, localizedPath } from '@/i18n/routing'
import { prefixOf } from '@/lib/resourceTypes'
import { serverUrl } from '@/server/env'

import { EmbedCode, type EmbedLabels } from './EmbedCode.client'

import './embed-panel.css'

/**
 * "Badge and widget for your site" under a published resource of "My resources": the choices,
 * the code to paste with the site's configured address, and a live preview (EmbedCode).
 */
export async function EmbedPanel({ resource }: { resource: MyResource }) {
  const t = await getTranslations('embed')
  const page = await getLocale()
  const origin = serverUrl()
  const inLanguage = await Promise.all(
    LOCALES.map(async (lang) => {
      const [embed, meta] = await Promise.all([
        getTranslations({ locale: lang, namespace: 'embed' }),
        getTranslations({ locale: lang, namespace: 'meta' }),
      ])
      const named = { title: resource.title, site: meta('site-name') }
      return [
        lang,
        {
          pageUrl: `${origin}${localizedPath(lang, resource.path)}`,
          alt: embed('badge-alt', named),
          title: embed('widget-title', named),
        },
      ] as const
    }),
  )
  const keys = [
    'panel-title',
    'panel-intro',
    'options',
    'theme',
    'theme-light',
    'theme-dark',
    'language',
    'language-ru',
    'language-en',
    'size',
    'size-s',
    'size-m',
    'size-l',
    'badge',
    'badge-hint',
    'widget',
    'widget-hint',
    'code-badge',
    'code-widget',
    'copy',
    'copied',
    'preview',
  ] as const
  const labels = Object.fromEntries(keys.map((key) => [key, t(key)])) as EmbedLabels
  return (
    <EmbedCode
      id={`embed-${resource.id}`}
      origin={origin}
      initialLang={isLocale(page) ? page : DEFAULT_LOCALE}
      resource={{ prefix: prefixOf(resource.type), slug: resource.slug ?? '' }}
      languages={Object.fromEntries(inLanguage) as Record<Locale, (typeof inLanguage)[number][1]>}
      labels={labels}
    />
  )
}
