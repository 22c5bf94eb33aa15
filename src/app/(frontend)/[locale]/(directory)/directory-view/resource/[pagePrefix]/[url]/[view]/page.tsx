import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { jsonForScript } from '@/components/content/articleMeta'
import { LazyReviewForm } from '@/components/directory/LazyReviewForm.client'
import { LinkHealth } from '@/components/directory/LinkHealth'
import { Pagination } from '@/components/directory/Pagination'
import { RatingSummary, reviewListHref } from '@/components/directory/RatingSummary'
import { ResourceLogo } from '@/components/directory/ResourceLogo'
import { ResourceRating } from '@/components/directory/ResourceRating'
import {
  IfReviewed,
  ResourceRelations,
  ReviewSlot,
  ViewerFavorite,
} from '@/components/directory/ResourceRelations.client'
import {
  ReviewFeedback,
  ReviewRelations as ReviewRelationsOf,
} from '@/components/directory/ReviewFeedback.client'
import { ReviewItem } from '@/components/directory/ReviewItem'
import { RichTextView } from '@/components/directory/RichTextView'
import { SignedMirrorsSection, SigningMark } from '@/components/directory/SignedMirrors'
import { StatusBadge } from '@/components/directory/StatusBadge'
import { StatusBanner } from '@/components/directory/StatusBanner'
import { STATUS_FEED_PATHS } from '@/components/directory/statusFeed'
import { StatusHistory } from '@/components/directory/StatusHistory'
import { TrackView } from '@/components/directory/TrackView.client'
import { ExternalLink } from '@/components/ExternalLink.client'
import { Badge } from '@/components/ui/Badge'
import { buttonClass } from '@/components/ui/Button'
import { EmptyState } from '@/components/ui/States'
import { readResourcePageExtrasView } from '@/data/resourcePage'
import { getResource, listResourceReviews, reviewTotal } from '@/data/resources'
import { resourceSummary } from '@/data/views/resources'
import { signingMark } from '@/data/views/signedMirrors'
import { ClientMessages } from '@/i18n/ClientMessages'
import { alternatesFor, siteOpenGraph } from '@/i18n/metadata'
import { Link } from '@/i18n/navigation'
import { isLocale, localizedPath } from '@/i18n/routing'
import { countryName } from '@/lib/countries'
import { REVIEW_SORTS, readReviewView, reviewParams } from '@/lib/directoryViews'
import { isClosed, leavesThroughWarning } from '@/lib/publicStatus'
import { REVIEW_CRITERIA, type ResourcePrefix, prefixOf } from '@/lib/resourceTypes'
import { isPastLastPage } from '@/lib/searchParams'
import { withNextParam } from '@/routes'
import { serverUrl } from '@/server/env'

/**
 * /resources/{pagePrefix}/{url}?… as the proxy hands it over: one cached page per view (see
 * src/lib/directoryViews.ts), the same for every visitor; the browser adds the favorites toggle
 * and chooses what the review area shows.
 */
type Props = { params: Promise<{ locale: string; pagePrefix: string; url: string; view: string }> }

export const generateStaticParams = () => []
// A time limit for other instances; on this one, a change of this resource or its reviews expires
// the page at once (its reads carry the resource's and its address's tags, src/server/cacheTags.ts).
export const revalidate = 60

/** The resource of this address, or a 404 when the slug or its type's prefix is wrong. */
const load = async (params: Props['params']) => {
  const { locale, pagePrefix, url, view } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const resource = await getResource(url, locale)
  if (!resource || prefixOf(resource.type) !== pagePrefix) notFound()
  return { locale, resource, query: readReviewView(view) }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, resource, query } = await load(params)
  const [t, site, status] = await Promise.all([
    getTranslations({ locale, namespace: 'resource' }),
    siteOpenGraph(locale),
    getTranslations({ locale, namespace: 'status' }),
  ])
  const summary = resourceSummary(resource)
  const description =
    resource.anons ||
    (summary.review_count === 0
      ? t('meta-description-unrated', { title: resource.title })
      : t('meta-description', {
          title: resource.title,
          rating: summary.rating_average.toFixed(1),
          count: summary.review_count,
        }))
  return {
    title: resource.title,
    description,
    alternates: {
      ...alternatesFor(locale, `${summary.path}${query.page > 1 ? `?page=${query.page}` : ''}`),
      // The feeds of status changes, which this resource's own changes join.
      types: {
        'application/rss+xml': [
          { url: localizedPath(locale, STATUS_FEED_PATHS.rss), title: status('feed-title') },
        ],
        'application/feed+json': [
          { url: localizedPath(locale, STATUS_FEED_PATHS.json), title: status('feed-title') },
        ],
      },
    },
    openGraph: {
      ...site,
      title: resource.title,
      description,
      type: 'website',
      // Drawn per resource, cached and expired with this page (src/app/…/og/resources/…/route.tsx).
      images: [
        {
          url: localizedPath(locale, `/og${summary.path}`),
          width: 1200,
          height: 630,
          alt: resource.title,
        },
      ],
    },
  }
}

/** schema.org data for search engines: the resource with its rating and the reviews shown. */
const structuredData = ({
  resource,
  reviews,
  url,
}: {
  resource: Awaited<ReturnType<typeof load>>['resource']
  reviews: Awaited<ReturnType<typeof listResourceReviews>>['reviews']
  url: string
}) => {
  const count = Number(resource.reviewCount ?? 0)
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: resource.title,
    url,
    ...(resource.anons ? { description: resource.anons } : {}),
    sameAs: (resource.links ?? []).map((link) => link.url),
    ...(count
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Number(resource.ratingAverage ?? 0),
            reviewCount: count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    review: reviews.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author?.display_name },
      datePublished: review.created_at.slice(0, 10),
      reviewBody: review.comment,
      reviewRating: { '@type': 'Rating', ratingValue: review.grade, bestRating: 5, worstRating: 1 },
    })),
  }
}

export default async function ResourcePage({ params }: Props) {
  const { locale, resource, query } = await load(params)
  const { page, sort, grade } = query
  const summary = resourceSummary(resource)
  const [t, types, reviews, { signing, linkHealth, statusHistory }] = await Promise.all([
    getTranslations('resource'),
    getTranslations('types'),
    listResourceReviews({
      resourceId: resource.id,
      page,
      sort,
      grade,
      total: reviewTotal(resource, grade),
    }),
    readResourcePageExtrasView({ resource, locale }),
  ])
  if (isPastLastPage({ page, pages: reviews.pages })) notFound()
  const address = localizedPath(locale, summary.path)
  const signInHref = withNextParam({ path: '/signin', next: address })
  const prefix = prefixOf(resource.type) as ResourcePrefix
  const website = resource.links?.[0]?.url
  // A scam's addresses wait behind a warning page; a closed resource invites no visit.
  const warned = leavesThroughWarning(resource.publicStatus)
  const closed = isClosed(resource.publicStatus)
  const visitPath = `${summary.path}/visit`
  const count = summary.review_count
  // The texts' language when the resource has none in the reader's (a screen reader reads them in it).
  const lang = resource.shown_in === locale ? undefined : resource.shown_in
  const jsonLd = structuredData({
    resource,
    reviews: reviews.reviews,
    url: `${serverUrl()}${address}`,
  })

  return (
    <ClientMessages group="resource">
      <ResourceRelations ids={[resource.id]}>
        <TrackView resourceId={resource.id} />
        <article className="resource-page" aria-labelledby="resource-title">
          <script
            type="application/ld+json"
            dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }}
          />
          <nav aria-label={t('breadcrumbs')} className="breadcrumbs">
            <ol>
              <li>
                <Link href="/">{t('home')}</Link>
              </li>
              <li>
                <Link href={`/resources/${prefix}`}>{types(prefix)}</Link>
              </li>
              <li aria-current="page" lang={lang}>
                {resource.title}
              </li>
            </ol>
          </nav>

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
                <Link href={visitPath} className={buttonClass({ variant: 'ghost', size: 'l' })}>
                  <span aria-hidden="true">⚠</span> {t('visit-anyway')}
                </Link>
              )}
              <IfReviewed
                resourceId={resource.id}
                reviewed={
                  <Link
                    href="/reviews"
                    className={buttonClass({ variant: 'secondary', size: 'l' })}
                  >
                    <span aria-hidden="true">✎</span> {t('edit-your-review')}
                  </Link>
                }
              >
                <a
                  href="#write-review"
                  className={buttonClass({ variant: 'secondary', size: 'l' })}
                >
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
            </div>
          </header>

          <div className="resource-layout">
            <div className="resource-main">
              {resource.description ? (
                <section aria-labelledby="about-heading" className="card">
                  <h2 id="about-heading">{t('about')}</h2>
                  <div lang={lang}>
                    <RichTextView data={resource.description} />
                  </div>
                </section>
              ) : null}

              <StatusHistory changes={statusHistory} locale={locale} />

              <section
                id="write-review"
                aria-labelledby="write-heading"
                className="write-review card"
              >
                <h2 id="write-heading">
                  <IfReviewed resourceId={resource.id} reviewed={t('your-review')}>
                    {t('write-review')}
                  </IfReviewed>
                </h2>
                <ReviewSlot
                  resourceId={resource.id}
                  guest={
                    <div className="write-review-guest">
                      <p>{t('write-lead')}</p>
                      <Link href={signInHref} className={buttonClass()}>
                        {t('sign-in-to-review')}
                      </Link>
                    </div>
                  }
                  reviewed={
                    <div className="write-review-guest">
                      <p>{t('reviewed-lead')}</p>
                      <Link href="/reviews" className={buttonClass()}>
                        {t('edit-your-review')}
                      </Link>
                    </div>
                  }
                  manages={
                    <p>
                      {t('own-resource')}{' '}
                      <Link href="/account/reviews">{t('reviews-on-mine')}</Link>{' '}
                      <Link href={`/add-resource?id=${resource.id}`}>{t('edit')}</Link>
                    </p>
                  }
                  staff={<p>{t('staff-resource')}</p>}
                >
                  <LazyReviewForm
                    resourceId={resource.id}
                    criteria={REVIEW_CRITERIA[resource.type]}
                  />
                </ReviewSlot>
              </section>

              <section id="reviews" aria-labelledby="reviews-heading" className="reviews">
                <h2 id="reviews-heading">{t('reviews-heading', { count: reviews.total })}</h2>
                {grade && (
                  <p className="review-filter" role="status">
                    {t('showing-grade', { grade })}{' '}
                    <Link
                      href={reviewListHref(summary.path, { sort, page: 1 })}
                      scroll={false}
                      className={buttonClass({ variant: 'ghost', size: 's' })}
                    >
                      {t('show-all')}
                    </Link>
                  </p>
                )}
                {reviews.total > 1 && (
                  <nav aria-label={t('sort-reviews')} className="sort-links">
                    <span className="sort-links-label" aria-hidden="true">
                      {t('sort-label')}
                    </span>
                    {REVIEW_SORTS.map((value) => (
                      <Link
                        key={value}
                        href={reviewListHref(summary.path, { sort: value, page: 1, grade })}
                        scroll={false}
                        aria-current={value === sort ? 'true' : undefined}
                        className="chip"
                      >
                        {t(`review-sort-${value}`)}
                      </Link>
                    ))}
                  </nav>
                )}
                {reviews.reviews.length ? (
                  <ReviewRelationsOf ids={reviews.reviews.map((review) => review.id)}>
                    <ul className="review-list">
                      {reviews.reviews.map((review) => (
                        <li key={review.id}>
                          <ReviewItem
                            review={review}
                            footer={
                              <ReviewFeedback
                                reviewId={review.id}
                                authorId={review.author?.id ?? null}
                                helpfulCount={review.helpful_count}
                                signInHref={signInHref}
                              />
                            }
                          />
                        </li>
                      ))}
                    </ul>
                  </ReviewRelationsOf>
                ) : (
                  <EmptyState
                    title={
                      grade
                        ? t('no-reviews-grade', { grade })
                        : t(closed ? 'no-reviews-closed' : 'no-reviews')
                    }
                  />
                )}
                <Pagination
                  path={summary.path}
                  page={reviews.page}
                  pages={reviews.pages}
                  query={reviewParams(query)}
                />
              </section>
            </div>

            <aside className="resource-aside" aria-label={t('details')}>
              <RatingSummary resource={resource} path={summary.path} query={query} />
              <section aria-labelledby="links-heading" className="resource-links card">
                <h2 id="links-heading">{t('links')}</h2>
                <ul>
                  {(resource.links ?? []).map((link, i) => (
                    <li key={link.id ?? i}>
                      {warned ? (
                        <span className="resource-link-withheld">{link.url}</span>
                      ) : (
                        <ExternalLink
                          href={link.url}
                          track={{ resource: resource.id, link: i === 0 ? 'site' : 'mirror' }}
                        >
                          {link.url}
                        </ExternalLink>
                      )}
                      {i > 0 && <span className="field-hint"> {t('mirror')}</span>}
                      <SigningMark
                        mark={signingMark(link.url, signing.list)}
                        signedAt={signing.list?.signed_at ?? null}
                      />
                      {!closed && <LinkHealth health={linkHealth} url={link.url} locale={locale} />}
                    </li>
                  ))}
                </ul>
                {warned && website && (
                  <p className="field-hint resource-links-withheld">
                    {t('links-withheld')} <Link href={visitPath}>{t('visit-anyway')}</Link>
                  </p>
                )}
              </section>
              <SignedMirrorsSection resourceId={resource.id} signing={signing} />
            </aside>
          </div>
        </article>
      </ResourceRelations>
    </ClientMessages>
  )
}
