import type { Metadata } from 'next'
import { getFormatter, getLocale, getTranslations } from 'next-intl/server'

import { LazyReviewForm } from '@/components/directory/LazyReviewForm.client'
import { ResourceLogo } from '@/components/directory/ResourceLogo'
import { Badge } from '@/components/ui/Badge'
import { buttonClass } from '@/components/ui/Button'
import { Stars } from '@/components/ui/Stars'
import { EmptyState } from '@/components/ui/States'
import { type InvitationVisit, visitInvitation } from '@/data/invitations'
import { getCurrentUser } from '@/data/users'
import { ClientMessages } from '@/i18n/ClientMessages'
import { Link } from '@/i18n/navigation'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '@/i18n/routing'
import { INVITATION_TTL_DAYS, invitationPath } from '@/lib/invitations'
import { REVIEW_CRITERIA } from '@/lib/resourceTypes'
import { withNextParam } from '@/routes'

type Props = { params: Promise<{ token: string }> }

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('invitations')
  // The address holds a secret: never indexed, never sent on as a referrer.
  return {
    title: t('page-title'),
    robots: { index: false, follow: false },
    referrer: 'no-referrer',
  }
}

/**
 * /invitation/{token}, a review invitation's link: the resource, and what the visitor may do with
 * it: sign in or up (and come back here), write the review (nothing in it comes from the link),
 * or why not (used, expired, unknown; their own resource; their employer's; reviewed already).
 * Its first opening is recorded for the owner's figures.
 */
export default async function InvitationPage({ params }: Props) {
  const { token } = await params
  const requested = await getLocale()
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE
  const user = await getCurrentUser()
  const visit = await visitInvitation({ token, user, locale })
  const t = await getTranslations('invitations')
  const here = localizedPath(locale, invitationPath(token))
  const resource = visit.resource
  return (
    <section className="narrow invitation-page" aria-labelledby="invitation-title">
      <h1 id="invitation-title">
        {resource && visit.state === 'open'
          ? t('page-heading', { title: resource.title })
          : t('page-title')}
      </h1>
      {resource && <ResourceFacts resource={resource} />}
      {visit.state === 'open' && resource ? (
        <>
          <p>{t('page-intro')}</p>
          <Invited visit={visit} token={token} here={here} />
        </>
      ) : (
        <EmptyState
          title={t(`state-${visit.state}-title`)}
          action={
            resource && (
              <Link href={resource.path} className={buttonClass({ size: 's' })}>
                {t('page-to-resource')}
              </Link>
            )
          }
        >
          <p>{t(`state-${visit.state}-text`, { days: INVITATION_TTL_DAYS })}</p>
        </EmptyState>
      )}
    </section>
  )
}

async function ResourceFacts({ resource }: { resource: NonNullable<InvitationVisit['resource']> }) {
  const [terms, format] = await Promise.all([getTranslations('resource'), getFormatter()])
  const rating = format.number(resource.rating_average, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })
  return (
    <div className="card invitation-resource">
      <ResourceLogo title={resource.title} image={resource.image} size="m" />
      <div>
        <p className="invitation-resource-title">
          <Link href={resource.path}>{resource.title}</Link>{' '}
          {resource.verified && <Badge tone="verified">{terms('verified')}</Badge>}
        </p>
        {resource.review_count > 0 ? (
          <p className="invitation-resource-rating">
            <Stars value={resource.rating_average} label={rating} size="s" /> {rating}
          </p>
        ) : (
          <p className="invitation-resource-rating">{terms('no-rating')}</p>
        )}
      </div>
    </div>
  )
}

/** What an open invitation offers the visitor it was opened by. */
async function Invited({
  visit,
  token,
  here,
}: {
  visit: InvitationVisit
  token: string
  here: string
}) {
  const t = await getTranslations('invitations')
  const resource = visit.resource!
  switch (visit.viewer) {
    case 'guest':
      return (
        <div className="card invitation-action">
          <p>{t('page-guest')}</p>
          <p className="form-actions">
            <Link href={withNextParam({ path: '/signin', next: here })} className={buttonClass()}>
              {t('page-sign-in')}
            </Link>
            <Link
              href={withNextParam({ path: '/signup', next: here })}
              className={buttonClass({ variant: 'secondary' })}
            >
              {t('page-sign-up')}
            </Link>
          </p>
        </div>
      )
    case 'review':
      return (
        <section className="card invitation-action" aria-labelledby="invitation-form-heading">
          <h2 id="invitation-form-heading">{t('page-form-heading')}</h2>
          <ClientMessages group="invitation">
            <LazyReviewForm
              resourceId={resource.id}
              criteria={REVIEW_CRITERIA[resource.type]}
              invitation={token}
            />
          </ClientMessages>
        </section>
      )
    case 'reviewed':
      return (
        <p className="card invitation-action">
          {t('page-reviewed')} <Link href="/reviews">{t('page-your-reviews')}</Link>
        </p>
      )
    default:
      return (
        <p className="card invitation-action">
          {visit.viewer === 'manages' ? t('page-manages') : t('page-staff')}
        </p>
      )
  }
}
