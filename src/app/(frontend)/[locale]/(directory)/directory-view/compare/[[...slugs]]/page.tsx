import type { Metadata } from 'next'
import { notFound, redirect } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { CompareTable } from '@/components/compare/CompareTable'
import { EmptyState } from '@/components/ui/States'
import { readComparison } from '@/data/compare'
import { getResource } from '@/data/resources'
import { alternatesFor } from '@/i18n/metadata'
import { Link } from '@/i18n/navigation'
import { isLocale, localizedPath } from '@/i18n/routing'
import { COMPARE_MAX, compareHref, isCanonicalView } from '@/lib/compareQuery'
import { RESOURCE_TYPES } from '@/lib/resourceTypes'

/**
 * /compare?r=…&r=… as the proxy hands it over (src/lib/compareQuery.ts): one cached page per set
 * of resources, the same for every visitor, carrying each resource's and each address's tags, so
 * a review, a status change, a signed list or a link check's flip expires it.
 */
type Props = { params: Promise<{ locale: string; slugs?: string[] }> }

export const generateStaticParams = () => []
// A time limit for other instances; on this one, a change of a compared resource expires the page.
export const revalidate = 60

const load = async (params: Props['params']) => {
  const { locale, slugs = [] } = await params
  // Only the proxy makes views, canonical ones; any other is no page.
  if (!isLocale(locale) || !isCanonicalView(slugs)) notFound()
  setRequestLocale(locale)
  return { locale, slugs }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slugs } = await load(params)
  const t = await getTranslations({ locale, namespace: 'compare' })
  const titles = (await Promise.all(slugs.map((slug) => getResource(slug, locale))))
    .map((resource) => resource?.title)
    .filter(Boolean)
  return {
    title: titles.length ? t('title-of', { names: titles.join(' · ') }) : t('title'),
    description: t('meta-description'),
    alternates: alternatesFor(locale, compareHref(slugs)),
    // Any set of resources has a comparison: search engines would find endless near-copies of
    // the resource pages, which hold the same figures. The resources' links are followed.
    robots: { index: false, follow: true },
  }
}

export default async function ComparePage({ params }: Props) {
  const { locale, slugs } = await load(params)
  const [t, types, { missing, columns }] = await Promise.all([
    getTranslations('compare'),
    getTranslations('types'),
    readComparison({ slugs, locale }),
  ])
  // A slug that names no published resource leaves: the set's address without it.
  if (missing.length) {
    redirect(localizedPath(locale, compareHref(slugs.filter((slug) => !missing.includes(slug)))))
  }
  return (
    <article className="compare-page" aria-labelledby="compare-title">
      <nav aria-label={t('breadcrumbs')} className="breadcrumbs">
        <ol>
          <li>
            <Link href="/">{t('home')}</Link>
          </li>
          <li aria-current="page">{t('title')}</li>
        </ol>
      </nav>
      <h1 id="compare-title">{t('title')}</h1>
      {columns.length === 0 ? (
        <EmptyState title={t('empty-title')}>
          <p>{t('empty-how', { max: COMPARE_MAX })}</p>
          <ul className="compare-types">
            {RESOURCE_TYPES.map(({ prefix }) => (
              <li key={prefix}>
                <Link href={`/resources/${prefix}`}>{types(prefix)}</Link>
              </li>
            ))}
          </ul>
        </EmptyState>
      ) : (
        <>
          <p className="lead">
            {columns.length < 2 ? t('add-more', { max: COMPARE_MAX }) : t('lead')}
          </p>
          <CompareTable columns={columns} />
          <p className="field-hint compare-notes">{t('notes')}</p>
        </>
      )}
    </article>
  )
}
