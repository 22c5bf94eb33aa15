'use client'

import Link from 'next/link'
import { useSearchParams } from 'next/navigation'
import { useLocale, useTranslations } from 'next-intl'
import { Suspense } from 'react'

import { usePathname } from '@/i18n/navigation'
import { LOCALES, localizedPath } from '@/i18n/routing'

/** Spec §9 titles: "Ru" and "En". */
const TITLES = { ru: 'Ru', en: 'En' } as const
const NAMES = { ru: 'Русский', en: 'English' } as const

/**
 * The same page in the other language: Russian without a prefix, English under /en. Pages cached
 * for every visitor are rendered without a query, so the links first leave it out and the browser
 * adds it.
 */
export function LanguageSwitch() {
  return (
    <Suspense fallback={<LanguageLinks query="" />}>
      <LanguageLinksWithQuery />
    </Suspense>
  )
}

function LanguageLinksWithQuery() {
  return <LanguageLinks query={useSearchParams().toString()} />
}

function LanguageLinks({ query }: { query: string }) {
  const t = useTranslations('header')
  const locale = useLocale()
  const pathname = usePathname()
  return (
    <nav aria-label={t('language')} className="language-switch">
      {LOCALES.map((code) => (
        <Link
          key={code}
          href={`${localizedPath(code, pathname)}${query ? `?${query}` : ''}`}
          lang={code}
          prefetch={false}
          hrefLang={code}
          aria-current={code === locale ? 'true' : undefined}
          aria-label={`${TITLES[code]} — ${NAMES[code]}`}
        >
          {TITLES[code]}
        </Link>
      ))}
    </nav>
  )
}
