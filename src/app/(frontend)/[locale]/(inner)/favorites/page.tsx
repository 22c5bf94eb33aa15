import type { Metadata } from 'next'
import { getFormatter, getLocale, getTranslations } from 'next-intl/server'

import { CompareTray } from '@/components/compare/ComparePicker.client'
import { ResourceCard } from '@/components/directory/ResourceCard'
import { buttonClass } from '@/components/ui/Button'
import { EmptyState } from '@/components/ui/States'
import { listFavoriteEntries } from '@/data/favorites'
import { requireUser } from '@/data/requireUser'
import { type StatusChangeView, latestStatusChanges } from '@/data/statusChanges'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { isLocale } from '@/i18n/routing'
import { RECENT_CHANGE_DAYS } from '@/lib/publicStatus'

const DAY_MS = 24 * 60 * 60 * 1000

/** A change the user has not seen yet: made after they kept the resource, or lately. */
const isNews = (change: StatusChangeView | undefined, addedAt: string, now: number) =>
  Boolean(change) &&
  (change!.created_at >= addedAt ||
    now - new Date(change!.created_at).getTime() <= RECENT_CHANGE_DAYS * DAY_MS)

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('favorites')
  return { title: t('title') }
}

export default async function FavoritesPage() {
  const user = await requireUser()
  const requested = await getLocale()
  const locale = isLocale(requested) ? requested : 'ru'
  const [t, status, format] = await Promise.all([
    getTranslations('favorites'),
    getTranslations('status'),
    getFormatter(),
  ])
  const favorites = await listFavoriteEntries({ userId: user.id, locale })
  const changes = await latestStatusChanges({
    resourceIds: favorites.map((favorite) => favorite.resource.id),
    locale,
  })
  // A request-time page: each visit judges what is new against its own clock.
  // eslint-disable-next-line react-hooks/purity
  const now = Date.now()
  return (
    <ClientMessages group="directory">
      <div className="listing">
        <h1>{t('title')}</h1>
        {favorites.length ? (
          <ul className="resource-list">
            {favorites.map(({ resource, added_at }) => {
              const change = changes.get(resource.id)
              return (
                <li key={resource.id}>
                  <ResourceCard resource={resource} favorite headingLevel={2}>
                    {change && isNews(change, added_at, now) && (
                      <p className="status-change-note">
                        <strong>
                          {status('changed-on', {
                            date: format.dateTime(new Date(change.created_at), {
                              dateStyle: 'medium',
                            }),
                          })}
                          {': '}
                          {status('history-change', {
                            from: status(`label-${change.from}`),
                            to: status(`label-${change.to}`),
                          })}
                        </strong>
                        {change.reason && <> — {change.reason}</>}
                      </p>
                    )}
                  </ResourceCard>
                </li>
              )
            })}
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
      <CompareTray />
    </ClientMessages>
  )
}
