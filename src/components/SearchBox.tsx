import { getLocale, getTranslations } from 'next-intl/server'

import { getPathname } from '@/i18n/navigation'
import { isLocale } from '@/i18n/routing'
import { LIMITS } from '@/lib/limits'

import { SearchSuggestions } from './SearchSuggestions.client'
import { SearchIcon } from './ui/SearchIcon'

/**
 * A plain GET form, so searching works before any script has loaded; once it has, the input
 * suggests resources as you type (SearchSuggestions).
 */
export async function SearchBox({ large = false }: { large?: boolean }) {
  const t = await getTranslations('header')
  const current = await getLocale()
  const locale = isLocale(current) ? current : 'ru'
  const action = getPathname({ href: '/search', locale })
  const inputId = large ? 'search-hero' : 'search-header'
  return (
    <form
      role="search"
      action={action}
      method="get"
      className={large ? 'search search-large' : 'search'}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        {t('search-label')}
      </label>
      <SearchSuggestions
        inputId={inputId}
        placeholder={t('search-placeholder')}
        maxLength={LIMITS.searchQueryMax}
        locale={locale}
      />
      <button type="submit" className="button search-submit">
        <SearchIcon />
        <span className="search-submit-text">{t('search-submit')}</span>
      </button>
    </form>
  )
}
