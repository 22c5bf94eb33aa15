import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { DirectionLinks } from '@/components/rates/DirectionLinks'
import { DirectionPicker } from '@/components/rates/DirectionPicker'
import { getCurrencyGroups, getPopularDirections } from '@/data/rates'
import { alternatesFor } from '@/i18n/metadata'
import { Link } from '@/i18n/navigation'
import { isLocale } from '@/i18n/routing'
import { RATES_PATH } from '@/lib/rateAddress'

/**
 * /rates (issue 48): the direction picker (a GET form: no script needed), the popular directions
 * and where the rates come from. Rendered once for everyone and kept for seconds: the popular
 * directions follow the fetched feeds.
 */
type Props = { params: Promise<{ locale: string }> }

export const generateStaticParams = () => []
export const revalidate = 30

const load = async (params: Props['params']) => {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  return { locale }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await load(params)
  const t = await getTranslations({ locale, namespace: 'rates' })
  return {
    title: t('title'),
    description: t('meta-description'),
    alternates: alternatesFor(locale, RATES_PATH),
  }
}

export default async function RatesPage({ params }: Props) {
  const { locale } = await load(params)
  const [t, groups, popular] = await Promise.all([
    getTranslations('rates'),
    getCurrencyGroups(locale),
    getPopularDirections({ locale }),
  ])
  return (
    <article className="rates-page" aria-labelledby="rates-title">
      <nav aria-label={t('breadcrumbs')} className="breadcrumbs">
        <ol>
          <li>
            <Link href="/">{t('home')}</Link>
          </li>
          <li aria-current="page">{t('title')}</li>
        </ol>
      </nav>
      <h1 id="rates-title">{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <DirectionPicker groups={groups} locale={locale} />
      <section aria-labelledby="popular-heading" className="rates-section">
        <h2 id="popular-heading">{t('popular-title')}</h2>
        {popular.length ? (
          <DirectionLinks directions={popular} counted />
        ) : (
          <p className="field-hint">{t('popular-empty')}</p>
        )}
      </section>
      <section aria-labelledby="how-heading" className="rates-section">
        <h2 id="how-heading">{t('how-title')}</h2>
        <p>{t('how-text')}</p>
      </section>
    </article>
  )
}
