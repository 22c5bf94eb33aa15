import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/navigation'
import { RESOURCE_TYPES } from '@/lib/resourceTypes'

import { AccountMenu } from './AccountMenu'
import { LanguageSwitch } from './LanguageSwitch'
import { SearchBox } from './SearchBox'
import { ThemeSwitch } from './ThemeSwitch'

export async function Header() {
  const t = await getTranslations('header')
  const types = await getTranslations('types')
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
        <nav aria-label={t('resource-types')} className="type-nav">
          <ul>
            {RESOURCE_TYPES.map(({ prefix }) => (
              <li key={prefix}>
                <Link href={`/resources/${prefix}`}>{types(prefix)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <SearchBox />
        <div className="header-tools">
          <LanguageSwitch />
          <ThemeSwitch />
          <AccountMenu />
        </div>
      </div>
    </header>
  )
}
