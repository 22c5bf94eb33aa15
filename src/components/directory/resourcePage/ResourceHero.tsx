import { getTranslations } from 'next-intl/server'

import { CompareToggle } from '@/components/compare/ComparePicker.client'
import { ResourceLogo } from '@/components/directory/ResourceLogo'
import { ResourceRating } from '@/components/directory/ResourceRating'
import { IfReviewed, ViewerFavorite } from '@/components/directory/ResourceRelations.client'
import { StatusBadge } from '@/components/directory/StatusBadge'
import { StatusBanner } from '@/components/directory/StatusBanner'
import { ExternalLink } from '@/components/ExternalLink.client'
import { Badge } from '@/components/ui/Badge'
import { buttonClass } from '@/components/ui/Button'
import type { ResourcePageDoc } from '@/data/resources'
import type { ResourceSummary } from '@/data/views/resources'
import { Link } from '@/i18n/navigation'
import type { Locale } from '@/i18n/routing'
import { countryName } from '@/lib/countries'
import type { ResourcePrefix } from '@/lib/resourceTypes'

/** The resource page's head: logo, title and status, facts, score, summary and the actions. */
export async function ResourceHero({
  resource,
  summary,
  locale,
  lang,
  prefix,
  signInHref,
  website,
  warned,
  closed,
}: {
  resource: ResourcePageDoc
  summary: ResourceSummary
  locale: Locale
  /** The texts' language when it is not the reader's. */
  lang: Locale | undefined
  prefix: ResourcePrefix
  signInHref: string
  /** The resource's first address. */
  website: string | undefined
  /** Its addresses wait behind the warning page (a scam). */
  warned: boolean
  /** It is closed: no invitation to visit. */
  closed: boolean
}) {
  const [t, types] = await Promise.all([getTranslations('resource'), getTranslations('types')])
  const count = summary.review_count
  return (
    <header className="resource-hero card">
      <ResourceLogo title={resource.title} image={summary.image} size="l" />
      <div className="resource-hero-main">
        <h1 id="resource-title">
          <span lang={lang}>{resource.title}</span>{' '}
          {resource.verified && <Badge tone="verified">{t('verified')}</Badge>}{' '}
          <StatusBadge status={resource.publicStatus} />
        </h1>
        <StatusBanner
          status={resource.publicStatus}
          reason={resource.publicStatusReason}
          lang={resource.reason_in}
          since={resource.publicStatusAt}
        />
        <p className="resource-facts">
          <span>{types(prefix)}</span>
          {resource.country && <span>{countryName(resource.country, locale)}</span>}
        </p>
        <p className="resource-score">
          <ResourceRating average={summary.rating_average} count={count} size="l" />
          {count > 0 && (
            <a href="#reviews" className="resource-score-count">
              {t('review-count', { count })}
            </a>
          )}
        </p>
        {resource.anons && (
          <p className="lead" lang={lang}>
            {resource.anons}
          </p>
        )}
        {lang && (
          <p className="resource-fallback" role="note">
            <span aria-hidden="true">ⓘ</span> {t(`fallback-${resource.shown_in}`)}
          </p>
        )}
      </div>
      <div className="resource-hero-actions">
        {website && !warned && !closed && (
          <ExternalLink
            href={website}
            className={buttonClass({ size: 'l' })}
            track={{ resource: resource.id, link: 'site' }}
          >
            {t('visit-website')} <span aria-hidden="true">↗</span>
          </ExternalLink>
        )}
        {/* The website comes first, plain or through the warning: the review's and favorites'
            buttons, which the browser adds once it knows the visitor, come after it and so
            never move it under a tap. */}
        {website && warned && (
          <Link
            href={`${summary.path}/visit`}
            className={buttonClass({ variant: 'ghost', size: 'l' })}
          >
            <span aria-hidden="true">⚠</span> {t('visit-anyway')}
          </Link>
        )}
        <IfReviewed
          resourceId={resource.id}
          reviewed={
            <Link href="/reviews" className={buttonClass({ variant: 'secondary', size: 'l' })}>
              <span aria-hidden="true">✎</span> {t('edit-your-review')}
            </Link>
          }
        >
          <a href="#write-review" className={buttonClass({ variant: 'secondary', size: 'l' })}>
            <span aria-hidden="true">★</span> {t('write-review')}
          </a>
        </IfReviewed>
        <ViewerFavorite
          resourceId={resource.id}
          title={resource.title}
          guest={
            <Link href={signInHref} className={buttonClass({ variant: 'ghost' })}>
              <span aria-hidden="true">♡</span> {t('sign-in-to-favorite')}
            </Link>
          }
        />
        {resource.slug && <CompareToggle slug={resource.slug} title={resource.title} />}
      </div>
    </header>
  )
}
