import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'

import { ContactForm } from '@/components/content/ContactForm.client'
import { PageArticle } from '@/components/content/PageArticle'
import { pageMetadata } from '@/components/content/PageMetadata'
import { getPage } from '@/data/content'
import { ClientMessages } from '@/i18n/ClientMessages'
import { alternatesFor } from '@/i18n/metadata'
import { isLocale } from '@/i18n/routing'

type Props = { params: Promise<{ locale: string }> }

// A cached, tagged read: publishing the page expires it at once (expireContentPages).
export const revalidate = 60

const load = async (params: Props['params']) => {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  return { locale, page: await getPage({ slug: 'contacts', locale }) }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, page } = await load(params)
  if (page) return pageMetadata({ page, locale })
  const t = await getTranslations({ locale, namespace: 'contacts' })
  return { title: t('title'), alternates: alternatesFor(locale, '/contacts') }
}

/** /contacts: the editors' page of that slug beside the contact form (the form alone without it). */
export default async function ContactsPage({ params }: Props) {
  const { locale, page } = await load(params)
  const form = (
    <ClientMessages group="contacts">
      <ContactForm />
    </ClientMessages>
  )
  if (page) return <PageArticle page={page} locale={locale} aside={form} />
  const t = await getTranslations({ locale, namespace: 'contacts' })
  return (
    <section className="page" aria-labelledby="contacts-title">
      <header className="page-header">
        <h1 id="contacts-title">{t('title')}</h1>
      </header>
      {form}
    </section>
  )
}
