'use client'

import { useSearchParams } from 'next/navigation'
import { useLocale, useTranslations } from 'next-intl'

import { Link, usePathname } from '@/i18n/navigation'
import { LOCALES } from '@/i18n/routing'

/** Spec §9 titles: "Ru" and "En". The same page in the other language. */
const TITLES = { ru: 'Ru', en: 'En' } as const
const NAMES = { ru: 'Русский', en: 'English' } as const

export function LanguageSwitch() {
  const t = useTranslations('header')
  const locale = useLocale()
  const pathname = usePathname()
  const query = Object.fromEntries(useSearchParams().entries())
  return (
    <nav aria-label={t('language')} className="language-switch">
      {LOCALES.map((code) => (
        <Link
          key={code}
          href={{ pathname, query }}
          locale={code}
          lang={code}
          hrefLang={code}
          aria-current={code === locale ? 'true' : undefined}
          aria-label={NAMES[code]}
        >
          {TITLES[code]}
        </Link>
      ))}
    </nav>
  )
}
