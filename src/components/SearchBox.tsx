import { getLocale, getTranslations } from 'next-intl/server'

import { getPathname } from '@/i18n/navigation'
import { isLocale } from '@/i18n/routing'

/** A plain GET form, so searching works before any script has loaded. */
export async function SearchBox({ large = false }: { large?: boolean }) {
  const t = await getTranslations('header')
  const locale = await getLocale()
  const action = getPathname({ href: '/search', locale: isLocale(locale) ? locale : 'ru' })
  return (
    <form
      role="search"
      action={action}
      method="get"
      className={large ? 'search search-large' : 'search'}
    >
      <label className="visually-hidden" htmlFor={large ? 'search-hero' : 'search-header'}>
        {t('search-label')}
      </label>
      <input
        id={large ? 'search-hero' : 'search-header'}
        type="search"
        name="q"
        required
        placeholder={t('search-placeholder')}
        autoComplete="off"
      />
      <button type="submit" className="button">
        {t('search-submit')}
      </button>
    </form>
  )
}
