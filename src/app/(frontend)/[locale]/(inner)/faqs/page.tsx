import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { jsonForScript } from '@/components/content/articleMeta'
import { FaqList } from '@/components/content/FaqList'
import { buttonClass } from '@/components/ui/Button'
import { EmptyState } from '@/components/ui/States'
import { listFaqs } from '@/data/content'
import { alternatesFor, siteOpenGraph } from '@/i18n/metadata'
import { Link } from '@/i18n/navigation'
import { LOCALE_TAGS, isLocale, localizedPath } from '@/i18n/routing'
import { richTextToPlain } from '@/server/richText'

type Props = { params: Promise<{ locale: string }> }

// The questions are a cached, tagged read: publishing one expires it at once (expireContentPages).
export const revalidate = 60

const localeOf = async (params: Props['params']) => {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  return locale
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeOf(params)
  const [t, site] = await Promise.all([
    getTranslations({ locale, namespace: 'faqs' }),
    siteOpenGraph(locale),
  ])
  return {
    title: t('title'),
    description: t('description'),
    alternates: alternatesFor(locale, '/faqs'),
    openGraph: {
      ...site,
      type: 'website',
      title: t('title'),
      description: t('description'),
      url: localizedPath(locale, '/faqs'),
    },
  }
}

/** /faqs: the published questions by category, each one openable by its own address. */
export default async function FaqsPage({ params }: Props) {
  const locale = await localeOf(params)
  const [t, faqs] = await Promise.all([
    getTranslations({ locale, namespace: 'faqs' }),
    listFaqs({ locale }),
  ])
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: LOCALE_TAGS[locale],
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: richTextToPlain(faq.answer) },
    })),
  }
  return (
    <section className="faq-page" aria-labelledby="faqs-title">
      {faqs.length > 0 && (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }}
        />
      )}
      <header className="page-header">
        <h1 id="faqs-title">{t('title')}</h1>
        <p className="lead">{t('lead')}</p>
      </header>
      {faqs.length ? (
        <FaqList faqs={faqs} locale={locale} />
      ) : (
        <EmptyState
          title={t('empty-title')}
          action={
            <Link href="/contacts" className={buttonClass({ variant: 'secondary' })}>
              {t('contacts-link')}
            </Link>
          }
        >
          {t('empty-message')}
        </EmptyState>
      )}
      {faqs.length > 0 && (
        <p className="faq-more">
          <Link href="/contacts" className={buttonClass({ variant: 'secondary' })}>
            {t('contacts-link')}
          </Link>
        </p>
      )}
    </section>
  )
}
