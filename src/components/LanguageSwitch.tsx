'use client'

import Link from 'next/link'
import { useSearchParams } from 'next/navigation'
import { useLocale, useTranslations } from 'next-intl'

import { usePathname } from '@/i18n/navigation'
import { LOCALES, localizedPath } from '@/i18n/routing'

/** Spec §9 titles: "Ru" and "En". */
const TITLES = { ru: 'Ru', en: 'En' } as const
const NAMES = { ru: 'Русский', en: 'English' } as const

/** The same page in the other language: Russian without a prefix, English under /en. */
export function LanguageSwitch() {
  const t = useTranslations('header')
  const locale = useLocale()
  const pathname = usePathname()
  const query = useSearchParams().toString()
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
