import type { Metadata } from 'next'
import { getLocale, getTranslations } from 'next-intl/server'

import { ResourceCard } from '@/components/directory/ResourceCard'
import { buttonClass } from '@/components/ui/Button'
import { EmptyState } from '@/components/ui/States'
import { listFavorites } from '@/data/favorites'
import { requireUser } from '@/data/requireUser'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { isLocale } from '@/i18n/routing'

import '@/components/directory/listing.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('favorites')
  return { title: t('title') }
}

export default async function FavoritesPage() {
  const user = await requireUser()
  const requested = await getLocale()
  const t = await getTranslations('favorites')
  const favorites = await listFavorites({
    userId: user.id,
    locale: isLocale(requested) ? requested : 'ru',
  })
  return (
    <ClientMessages group="directory">
      <div className="listing">
        <h1>{t('title')}</h1>
        {favorites.length ? (
          <ul className="resource-list">
            {favorites.map((resource) => (
              <li key={resource.id}>
                <ResourceCard resource={resource} favorite headingLevel={2} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            title={t('empty')}
            action={
              <Link href="/resources/marketplaces" className={buttonClass({ size: 's' })}>
                {t('browse')}
              </Link>
            }
          >
            <p>{t('empty-text')}</p>
          </EmptyState>
        )}
      </div>
    </ClientMessages>
  )
}
