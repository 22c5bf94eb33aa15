import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { CompareTray } from '@/components/compare/ComparePicker.client'
import { ArticleCard } from '@/components/content/ArticleCard'
import { feedAlternate } from '@/components/content/articleMeta'
import { ResourceCard } from '@/components/directory/ResourceCard'
import { ReviewItem } from '@/components/directory/ReviewItem'
import { SearchBox } from '@/components/SearchBox'
import { listArticles } from '@/data/content'
import { countByType, latestReviews, topResources } from '@/data/resources'
import { ClientMessages } from '@/i18n/ClientMessages'
import { alternatesFor } from '@/i18n/metadata'
import { Link } from '@/i18n/navigation'
import { isLocale } from '@/i18n/routing'
import { RESOURCE_TYPES } from '@/lib/resourceTypes'

const TOP_PER_TYPE = 3
const LATEST_REVIEWS = 6
const LATEST_NEWS = 3

export const generateStaticParams = () => []
// Rendered once and cached like the directory pages (src/lib/directoryViews.ts); any resource or
// review change expires it (the home tag and every type's listing tag, src/server/cacheTags.ts).
// A time limit for other instances.
export const revalidate = 60

type Props = { params: Promise<{ locale: string }> }

/** The layout's addresses, and the news feed (a page's `alternates` replaces the layout's). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return {}
  return {
    alternates: { ...alternatesFor(locale, '/'), types: await feedAlternate('news', locale) },
  }
}

/**
 * The home page: a search box, counts per type, the best of each type, the latest reviews and
 * the latest news (a publish of news expires the home tag, src/server/cacheTags.ts).
 */
export default async function HomePage({ params }: Props) {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  const [t, types, counts, tops, reviews, news] = await Promise.all([
    getTranslations('home'),
    getTranslations('types'),
    countByType(),
    Promise.all(
      RESOURCE_TYPES.map(({ type }) => topResources({ type, locale, limit: TOP_PER_TYPE })),
    ),
    latestReviews({ locale, limit: LATEST_REVIEWS }),
    listArticles({ collection: 'news', locale, page: 1, limit: LATEST_NEWS }),
  ])
  return (
    <ClientMessages group="directory">
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
            {RESOURCE_TYPES.map(({ type, prefix }) => (
              <li key={prefix}>
                <Link href={`/resources/${prefix}`} className={`type-card type-${prefix}`}>
                  <span className="type-card-title">{types(prefix)}</span>
                  <span className="type-card-hint">{t(`${prefix}-hint`)}</span>
                  <span className="type-card-count">
                    {t('count', { count: counts[type] ?? 0 })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section className="container section" aria-labelledby="best-title">
          <h2 id="best-title">{t('best-heading')}</h2>
          <div className="best-grid">
            {RESOURCE_TYPES.map(({ prefix }, i) =>
              tops[i].length ? (
                <section key={prefix} aria-labelledby={`best-${prefix}`}>
                  <h3 id={`best-${prefix}`}>
                    <Link href={`/resources/${prefix}`}>{types(prefix)}</Link>
                  </h3>
                  <ul className="resource-list">
                    {tops[i].map((resource) => (
                      <li key={resource.id}>
                        <ResourceCard resource={resource} headingLevel={4} />
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null,
            )}
          </div>
        </section>
        {reviews.length > 0 && (
          <section className="container section" aria-labelledby="latest-title">
            <h2 id="latest-title">{t('latest-heading')}</h2>
            <ul className="review-list review-grid">
              {reviews.map((review) => (
                <li key={review.id}>
                  <ReviewItem review={review} showResource />
                </li>
              ))}
            </ul>
          </section>
        )}
        {news.items.length > 0 && (
          <section className="container section" aria-labelledby="news-title">
            <div className="news-section-header">
              <h2 id="news-title">{t('news-heading')}</h2>
              <Link href="/news">{t('all-news')}</Link>
            </div>
            <ul className="article-grid">
              {news.items.map((article) => (
                <li key={article.id}>
                  <ArticleCard article={article} locale={locale} headingLevel={3} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </>
      <CompareTray />
    </ClientMessages>
  )
}
