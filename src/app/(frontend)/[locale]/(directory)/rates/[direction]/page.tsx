import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { jsonForScript } from '@/components/content/articleMeta'
import { DirectionLinks } from '@/components/rates/DirectionLinks'
import { RateOffers } from '@/components/rates/RateOffers.client'
import { ratesStructuredData } from '@/components/rates/structuredData'
import { getDirectionOffers, getDirectionsFrom } from '@/data/rates'
import { ClientMessages } from '@/i18n/ClientMessages'
import { alternatesFor } from '@/i18n/metadata'
import { Link } from '@/i18n/navigation'
import { isLocale, localizedPath } from '@/i18n/routing'
import { RATES_PATH, directionPath, isCanonicalDirection, readDirection } from '@/lib/rateAddress'
import { firstOffers, isStale } from '@/lib/rateOffers'
import { serverUrl } from '@/server/env'

/**
 * /rates/{from}-{to} (issue 48): every exchanger offering the direction, best rate first, with
 * the calculator. Rendered once for everyone and kept for seconds; the browser asks for the
 * offers again while the page is open. The proxy sends any other case to the lower-case address;
 * a code that is no listed currency is a 404, a listed pair nobody offers an empty list.
 */
type Props = { params: Promise<{ locale: string; direction: string }> }

export const generateStaticParams = () => []
export const revalidate = 20

const load = async (params: Props['params']) => {
  const { locale, direction: segment } = await params
  if (!isLocale(locale) || !isCanonicalDirection(segment)) notFound()
  setRequestLocale(locale)
  const direction = readDirection(segment)!
  const view = await getDirectionOffers({ direction, locale })
  if (!view) notFound()
  return { locale, direction, view }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, direction, view } = await load(params)
  const t = await getTranslations({ locale, namespace: 'rates' })
  const names = { from: view.from.name, to: view.to.name }
  return {
    title: t('direction-meta-title', names),
    description: t('direction-meta-description', names),
    alternates: alternatesFor(locale, directionPath(direction)),
  }
}

export default async function DirectionPage({ params }: Props) {
  const { locale, direction, view } = await load(params)
  const [t, others] = await Promise.all([
    getTranslations('rates'),
    getDirectionsFrom({ from: direction.from, locale }),
  ])
  const { from, to } = view
  const readAt = Date.parse(view.read_at)
  // The page paints the best offers; the browser brings the rest when asked.
  const first = firstOffers(view, readAt)
  const fresh = first.offers.filter((offer) => !isStale(offer.fresh_at, readAt))
  const jsonLd = ratesStructuredData({
    view,
    fresh,
    url: `${serverUrl()}${localizedPath(locale, directionPath(direction))}`,
    base: serverUrl(),
    locale,
    names: { home: t('home'), rates: t('title') },
  })
  return (
    <article className="rates-page" aria-labelledby="direction-title">
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
            <Link href={RATES_PATH}>{t('title')}</Link>
          </li>
          <li aria-current="page">{t('direction-title', { from: from.name, to: to.name })}</li>
        </ol>
      </nav>
      <h1 id="direction-title">{t('direction-title', { from: from.name, to: to.name })}</h1>
      <p className="lead">{t('direction-lead', { count: view.offers.length })}</p>
      <p className="rate-direction-actions">
        <Link href={directionPath({ from: direction.to, to: direction.from })}>
          {t('swap', { from: from.name, to: to.name })}
        </Link>
        <Link href={RATES_PATH}>{t('change')}</Link>
      </p>
      <ClientMessages group="rates">
        <RateOffers initial={first} />
      </ClientMessages>
      {others.some((other) => other.to.code !== to.code) && (
        <section aria-labelledby="others-heading" className="rates-section">
          <h2 id="others-heading">{t('from-others-title', { from: from.name })}</h2>
          <DirectionLinks
            directions={others.filter((other) => other.to.code !== to.code)}
            counted
          />
        </section>
      )}
    </article>
  )
}
