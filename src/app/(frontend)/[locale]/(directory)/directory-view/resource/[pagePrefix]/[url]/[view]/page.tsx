import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { CompareTray } from '@/components/compare/ComparePicker.client'
import { jsonForScript } from '@/components/content/articleMeta'
import { ResourceAside } from '@/components/directory/resourcePage/ResourceAside'
import { ResourceHero } from '@/components/directory/resourcePage/ResourceHero'
import { ReviewsSection } from '@/components/directory/resourcePage/ReviewsSection'
import { structuredData } from '@/components/directory/resourcePage/structuredData'
import { WriteReviewSection } from '@/components/directory/resourcePage/WriteReviewSection'
import { ResourceRelations } from '@/components/directory/ResourceRelations.client'
import { RichTextView } from '@/components/directory/RichTextView'
import { STATUS_FEED_PATHS } from '@/components/directory/statusFeed'
import { StatusHistory } from '@/components/directory/StatusHistory'
import { TrackView } from '@/components/directory/TrackView.client'
import { ExchangerDirections } from '@/components/rates/ExchangerDirections'
import { readResourcePageExtrasView } from '@/data/resourcePage'
import { getResource, listResourceReviews, reviewTotal } from '@/data/resources'
import { resourceSummary } from '@/data/views/resources'
import { ClientMessages } from '@/i18n/ClientMessages'
import { alternatesFor, siteOpenGraph } from '@/i18n/metadata'
import { Link } from '@/i18n/navigation'
import { isLocale, localizedPath } from '@/i18n/routing'
import { readReviewView } from '@/lib/directoryViews'
import { isClosed, leavesThroughWarning } from '@/lib/publicStatus'
import { type ResourcePrefix, prefixOf } from '@/lib/resourceTypes'
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

export default async function ResourcePage({ params }: Props) {
  const { locale, resource, query } = await load(params)
  const { page, sort, grade } = query
  const summary = resourceSummary(resource)
  const [t, types, reviews, extras] = await Promise.all([
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
  // The texts' language when the resource has none in the reader's (a screen reader reads them in it).
  const lang = resource.shown_in === locale ? undefined : resource.shown_in
  const website = resource.links?.[0]?.url
  // A scam's addresses wait behind a warning page; a closed resource invites no visit, and its
  // links' health is not checked.
  const warned = leavesThroughWarning(resource.publicStatus)
  const closed = isClosed(resource.publicStatus)
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

          <ResourceHero
            resource={resource}
            summary={summary}
            locale={locale}
            lang={lang}
            prefix={prefix}
            signInHref={signInHref}
            website={website}
            warned={warned}
            closed={closed}
          />

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

              {resource.type === 'exchanger' && (
                <ExchangerDirections resourceId={resource.id} locale={locale} />
              )}

              <StatusHistory changes={extras.statusHistory} locale={locale} />

              <WriteReviewSection resource={resource} signInHref={signInHref} />

              <ReviewsSection
                path={summary.path}
                query={query}
                reviews={reviews}
                closed={closed}
                signInHref={signInHref}
              />
            </div>

            <ResourceAside
              resource={resource}
              path={summary.path}
              query={query}
              locale={locale}
              extras={extras}
              website={website}
              warned={warned}
              closed={closed}
            />
          </div>
        </article>
      </ResourceRelations>
      <CompareTray />
    </ClientMessages>
  )
}
