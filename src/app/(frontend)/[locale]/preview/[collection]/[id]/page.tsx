import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { ArticleBody } from '@/components/content/ArticleBody'
import { FaqAnchor } from '@/components/content/FaqAnchor.client'
import { FaqItem } from '@/components/content/FaqItem'
import { PageArticle } from '@/components/content/PageArticle'
import { readPreview } from '@/data/content'
import { ClientMessages } from '@/i18n/ClientMessages'
import { isLocale } from '@/i18n/routing'
import { CONTENT_COLLECTIONS, type ContentCollection } from '@/lib/content'
import { isRecordId } from '@/lib/limits'

import { PreviewRefresh } from './PreviewRefresh.client'

type Props = { params: Promise<{ locale: string; collection: string; id: string }> }

// The latest draft, for editors and admins only: never cached, never indexed.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = { robots: { index: false, follow: false } }

const load = async (params: Props['params']) => {
  const { locale, collection, id } = await params
  const number = /^\d+$/.test(id) ? Number(id) : NaN
  if (
    !isLocale(locale) ||
    !(CONTENT_COLLECTIONS as readonly string[]).includes(collection) ||
    !isRecordId(number)
  ) {
    notFound()
  }
  setRequestLocale(locale)
  // Guests and members get the 404 page, as for a document that does not exist.
  const preview = await readPreview({
    collection: collection as ContentCollection,
    id: number,
    locale,
  })
  if (!preview) notFound()
  return { locale, preview }
}

/**
 * The admin's live preview (collections/content/fields.ts): a draft rendered as its public page
 * would render it, refreshed on every autosave.
 */
export default async function PreviewPage({ params }: Props) {
  const { locale, preview } = await load(params)
  const t = await getTranslations({ locale, namespace: 'preview' })
  const categories = await getTranslations({ locale, namespace: 'faqs' })
  return (
    <ClientMessages group="article">
      <main id="content" className="layout-inner container">
        <PreviewRefresh />
        <p className="preview-banner" role="note">
          {t('banner')}
        </p>
        {preview.collection === 'pages' ? (
          <PageArticle page={preview.view} locale={locale} />
        ) : preview.collection === 'faqs' ? (
          <section className="faq-page" aria-labelledby="preview-faq-title">
            <h1 id="preview-faq-title">
              {t('faq-heading', { category: categories(`category-${preview.view.category}`) })}
            </h1>
            <FaqAnchor />
            <div className="faq-items">
              <FaqItem faq={preview.view} locale={locale} open />
            </div>
          </section>
        ) : (
          <ArticleBody article={preview.view} locale={locale} />
        )}
      </main>
    </ClientMessages>
  )
}
