import type { Metadata } from 'next'
import Image from 'next/image'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { Pagination } from '@/components/directory/Pagination'
import { RatingSummary } from '@/components/directory/RatingSummary'
import {
  ResourceRelations,
  ReviewSlot,
  ViewerFavorite,
} from '@/components/directory/ResourceRelations'
import { ReviewForm } from '@/components/directory/ReviewForm'
import { ReviewItem } from '@/components/directory/ReviewItem'
import { RichTextView } from '@/components/directory/RichTextView'
import { ExternalLink } from '@/components/ExternalLink'
import { getResource, listResourceReviews } from '@/data/resources'
import { resourceSummary } from '@/data/views/resources'
import { alternatesFor, siteOpenGraph } from '@/i18n/metadata'
import { Link } from '@/i18n/navigation'
import { isLocale, localizedPath } from '@/i18n/routing'
import { countryName } from '@/lib/countries'
import { REVIEW_SORTS, readReviewView, reviewParams } from '@/lib/directoryViews'
import { REVIEW_CRITERIA, type ResourcePrefix, prefixOf } from '@/lib/resourceTypes'
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
  const [t, site] = await Promise.all([
    getTranslations({ locale, namespace: 'resource' }),
    siteOpenGraph(locale),
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
    alternates: alternatesFor(
      locale,
      `${summary.path}${query.page > 1 ? `?page=${query.page}` : ''}`,
    ),
    openGraph: {
      ...site,
      title: resource.title,
      description,
      type: 'website',
      ...(summary.image ? { images: [{ url: summary.image }] } : {}),
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
  const { page, sort } = query
  const summary = resourceSummary(resource)
  const [t, types, reviews] = await Promise.all([
    getTranslations('resource'),
    getTranslations('types'),
    listResourceReviews({ resourceId: resource.id, page, sort }),
  ])
  if (page > 1 && page > reviews.pages) notFound()
  const address = localizedPath(locale, summary.path)
  const signInHref = withNextParam({ path: '/signin', next: address })
  const prefix = prefixOf(resource.type) as ResourcePrefix
  const jsonLd = structuredData({
    resource,
    reviews: reviews.reviews,
    url: `${serverUrl()}${address}`,
  })

  return (
    <ResourceRelations ids={[resource.id]}>
      <article className="resource-page" aria-labelledby="resource-title">
        <script
          type="application/ld+json"
          // JSON cannot close the script element once every "<" is escaped.
          dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
        />
        <nav aria-label={t('breadcrumbs')} className="breadcrumbs">
          <ol>
            <li>
              <Link href="/">{t('home')}</Link>
            </li>
            <li>
              <Link href={`/resources/${prefix}`}>{types(prefix)}</Link>
            </li>
            <li aria-current="page">{resource.title}</li>
          </ol>
        </nav>
        <header className="resource-header">
          {summary.image && (
            <Image
              src={summary.image}
              alt={t('image-alt', { title: resource.title })}
              width={240}
              height={160}
              className="resource-image"
              unoptimized
            />
          )}
          <div>
            <h1 id="resource-title">
              {resource.title}
              {resource.verified && <span className="badge badge-verified">{t('verified')}</span>}
            </h1>
            {resource.anons && <p className="lead">{resource.anons}</p>}
            <p className="resource-facts">
              <span>{types(prefix)}</span>
              {resource.country && <span>{countryName(resource.country, locale)}</span>}
            </p>
            <ViewerFavorite
              resourceId={resource.id}
              title={resource.title}
              guest={
                <Link href={signInHref} className="button button-secondary">
                  {t('sign-in-to-favorite')}
                </Link>
              }
            />
          </div>
        </header>

        <section aria-labelledby="links-heading" className="resource-links">
          <h2 id="links-heading">{t('links')}</h2>
          <ul>
            {(resource.links ?? []).map((link, i) => (
              <li key={link.id ?? i}>
                <ExternalLink href={link.url}>{link.url}</ExternalLink>
                {i > 0 && <span className="field-hint"> {t('mirror')}</span>}
              </li>
            ))}
          </ul>
        </section>

        {resource.description ? (
          <section aria-labelledby="about-heading">
            <h2 id="about-heading">{t('about')}</h2>
            <RichTextView data={resource.description} />
          </section>
        ) : null}

        <RatingSummary resource={resource} />

        <section aria-labelledby="write-heading" className="write-review">
          <h2 id="write-heading" className="visually-hidden">
            {t('write-heading')}
          </h2>
          <ReviewSlot
            resourceId={resource.id}
            guest={
              <p>
                <Link href={signInHref}>{t('sign-in-to-review')}</Link>
              </p>
            }
            reviewed={
              <p>
                {t('already-reviewed')} <Link href="/reviews">{t('my-reviews')}</Link>
              </p>
            }
            manages={
              <p>
                {t('own-resource')} <Link href="/account/reviews">{t('reviews-on-mine')}</Link>{' '}
                <Link href={`/add-resource?id=${resource.id}`}>{t('edit')}</Link>
              </p>
            }
          >
            <ReviewForm resourceId={resource.id} criteria={REVIEW_CRITERIA[resource.type]} />
          </ReviewSlot>
        </section>

        <section aria-labelledby="reviews-heading" className="reviews">
          <h2 id="reviews-heading">{t('reviews-heading', { count: reviews.total })}</h2>
          {reviews.total > 1 && (
            <nav aria-label={t('sort-reviews')} className="sort-links">
              {REVIEW_SORTS.map((value) =>
                value === sort ? (
                  <span key={value} aria-current="true">
                    {t(`review-sort-${value}`)}
                  </span>
                ) : (
                  <Link
                    key={value}
                    href={value === 'newest' ? summary.path : `${summary.path}?sort=${value}`}
                  >
                    {t(`review-sort-${value}`)}
                  </Link>
                ),
              )}
            </nav>
          )}
          {reviews.reviews.length ? (
            <ul className="review-list">
              {reviews.reviews.map((review) => (
                <li key={review.id}>
                  <ReviewItem review={review} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty">{t('no-reviews')}</p>
          )}
          <Pagination
            path={summary.path}
            page={reviews.page}
            pages={reviews.pages}
            query={reviewParams(query)}
          />
        </section>
      </article>
    </ResourceRelations>
  )
}
