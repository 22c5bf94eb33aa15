import { getTranslations } from 'next-intl/server'

import { SearchBox } from '@/components/SearchBox'
import { Link } from '@/i18n/navigation'
import { RESOURCE_TYPES } from '@/lib/resourceTypes'

export default async function HomePage() {
  const t = await getTranslations('home')
  const types = await getTranslations('types')
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <h1 id="hero-title">{t('title')}</h1>
          <p className="lead">{t('lead')}</p>
          <SearchBox large />
        </div>
      </section>
      <section className="container section" aria-labelledby="browse-title">
        <h2 id="browse-title">{t('browse-heading')}</h2>
        <ul className="type-grid">
          {RESOURCE_TYPES.map(({ prefix }) => (
            <li key={prefix}>
              <Link href={`/resources/${prefix}`} className={`type-card type-${prefix}`}>
                <span className="type-card-title">{types(prefix)}</span>
                <span className="type-card-hint">{t(`${prefix}-hint`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
