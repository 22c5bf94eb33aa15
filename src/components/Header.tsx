import { getLocale, getTranslations } from 'next-intl/server'

import { Link, getPathname } from '@/i18n/navigation'
import { isLocale } from '@/i18n/routing'
import { RATES_PATH } from '@/lib/rateAddress'
import { RESOURCE_TYPES } from '@/lib/resourceTypes'

import { AccountLinks, AccountMenu } from './AccountMenu.client'
import { HeaderSearch } from './HeaderSearch.client'
import { LanguageSwitch } from './LanguageSwitch.client'
import { NotificationBell } from './NotificationBell.client'
import { SearchBox } from './SearchBox'
import { SiteMenu } from './SiteMenu.client'
import { ThemeSwitch } from './ThemeSwitch.client'

/**
 * The site's header. Wide screens show it all in one row; at 720 px and below the row keeps the
 * logo, a search button, the account corner and a menu button, and the menu holds the rest.
 */
export async function Header() {
  const [t, types, rates, locale] = await Promise.all([
    getTranslations('header'),
    getTranslations('types'),
    getTranslations('rates'),
    getLocale(),
  ])
  const typeLinks = (
    <nav aria-label={t('resource-types')} className="type-nav">
      <ul>
        {RESOURCE_TYPES.map(({ prefix }) => (
          <li key={prefix}>
            <Link href={`/resources/${prefix}`}>{types(prefix)}</Link>
          </li>
        ))}
        <li>
          <Link href={RATES_PATH}>{rates('nav')}</Link>
        </li>
      </ul>
    </nav>
  )
  return (
    <header className="site-header">
      <a href="#content" className="skip-link">
        {t('skip-to-content')}
      </a>
      <div className="container header-row">
        <Link href="/" className="logo" title={t('home')}>
          <span aria-hidden="true" className="logo-mark">
            O
          </span>
          <span className="logo-text">Obzor</span>
        </Link>
        <div className="header-wide">{typeLinks}</div>
        <HeaderSearch
          label={t('search-label')}
          searchHref={getPathname({ href: '/search', locale: isLocale(locale) ? locale : 'ru' })}
        >
          <SearchBox />
        </HeaderSearch>
        <div className="header-tools">
          <div className="header-wide">
            <LanguageSwitch />
            <ThemeSwitch />
          </div>
          <NotificationBell />
          <AccountMenu />
          <SiteMenu label={t('menu')}>
            {typeLinks}
            <div className="site-menu-settings">
              <LanguageSwitch />
              <ThemeSwitch isLabelled />
            </div>
            <AccountLinks />
          </SiteMenu>
        </div>
      </div>
    </header>
  )
}
