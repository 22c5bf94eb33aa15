import { getLocale, getTranslations } from 'next-intl/server'

import { CompareToggle } from '@/components/compare/ComparePicker.client'
import type { ResourceSummary } from '@/data/views/resources'
import { Link } from '@/i18n/navigation'
import { countryName } from '@/lib/countries'

import { FavoriteButton } from './FavoriteButton.client'
import { ResourceLogo } from './ResourceLogo'
import { ResourceRating } from './ResourceRating'
import { ViewerFavorite } from './ResourceRelations.client'
import { StatusBadge } from './StatusBadge'

/**
 * A resource in a list: logo, title, its public status label, summary, rating, review count,
 * verified badge, country; `children` below (a note about it); the favorites and compare toggles.
 */
export async function ResourceCard({
  resource,
  favorite,
  headingLevel = 3,
  children,
}: {
  resource: ResourceSummary
  /**
   * Whether the signed-in visitor keeps it; 'viewer' on pages shared by every visitor, where the
   * browser learns it (inside ResourceRelations); undefined: no toggle.
   */
  favorite?: boolean | 'viewer'
  headingLevel?: 2 | 3 | 4
  children?: React.ReactNode
}) {
  const t = await getTranslations('resource')
  const locale = await getLocale()
  const Heading = `h${headingLevel}` as const
  return (
    <article className="resource-card">
      <ResourceLogo title={resource.title} image={resource.image} size="m" />
      <div className="resource-card-body">
        <Heading className="resource-card-title">
          <Link href={resource.path}>{resource.title}</Link>
          {resource.verified && <span className="badge badge-verified">{t('verified')}</span>}
          <StatusBadge status={resource.public_status} />
        </Heading>
        {resource.anons && <p className="resource-card-anons">{resource.anons}</p>}
        <p className="resource-card-meta">
          <ResourceRating average={resource.rating_average} count={resource.review_count} />
          {resource.review_count > 0 && (
            <span>{t('review-count', { count: resource.review_count })}</span>
          )}
          {resource.country && <span>{countryName(resource.country, locale)}</span>}
        </p>
        {children}
      </div>
      <div className="resource-card-actions">
        {favorite === 'viewer' ? (
          <ViewerFavorite resourceId={resource.id} title={resource.title} compact />
        ) : (
          favorite !== undefined && (
            <FavoriteButton
              resourceId={resource.id}
              initial={favorite}
              title={resource.title}
              compact
            />
          )
        )}
        {resource.slug && <CompareToggle slug={resource.slug} title={resource.title} compact />}
      </div>
    </article>
  )
}
