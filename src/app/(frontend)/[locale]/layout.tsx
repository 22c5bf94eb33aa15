import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { NextIntlClientProvider } from 'next-intl'
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server'
import type React from 'react'

import { SWRProvider } from '@/client/swr/SWRProvider.client'
import { themeBootScript } from '@/client/theme'
import { BlockedSignOut } from '@/components/BlockedSignOut.client'
import { BuildUpdateWatcher } from '@/components/BuildUpdateWatcher.client'
import { ExternalLinkGuard } from '@/components/ExternalLinkGuard.client'
import { Footer } from '@/components/Footer'
import { Header } from '@/components/Header'
import { TopLoader } from '@/components/TopLoader.client'
import { ToastProvider } from '@/components/ui/Toast.client'
import { pickClientMessages } from '@/i18n/clientMessages'
import { SITE_ICONS, siteOpenGraph } from '@/i18n/metadata'
import { isLocale } from '@/i18n/routing'
import { serverUrl } from '@/server/env'

// Every public page's styles, imported here only, so that a first visit loads one stylesheet,
// cached for every page after (tests/e2e/weight.e2e.spec.ts counts them); the signed-in screens'
// own styles stay with their pages.
import './styles.css'
import '@/components/header.css'
import '@/components/search-box.css'
import '@/components/account-menu.css'
import '@/components/site-menu.css'
import '@/components/ui/ui.css'
import '@/components/ui/stars.css'
import '@/components/ui/tabs.css'
import '@/components/ui/dialogs.css'
import '@/components/ui/states.css'
import '@/components/breadcrumbs.css'
import '@/components/status-page.css'
import '@/components/directory/home.css'
import '@/components/directory/listing.css'
import '@/components/directory/listing-filters.css'
import '@/components/directory/pagination.css'
import '@/components/directory/resource-logo.css'
import '@/components/directory/resource.css'
import '@/components/directory/reviews.css'
import '@/components/directory/invitation.css'
import '@/components/directory/link-health.css'
import '@/components/directory/signed-mirrors.css'
import '@/components/directory/status.css'
import '@/components/directory/search.css'
import '@/components/compare/compare.css'
import '@/components/rates/rates.css'
import '@/components/content/articles.css'
import '@/components/content/pages.css'
import '@/components/content/comments.css'

type Props = { children: React.ReactNode; params: Promise<{ locale: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return {}
  const t = await getTranslations({ locale, namespace: 'meta' })
  return {
    metadataBase: new URL(serverUrl()),
    title: { default: `${t('site-name')} — ${t('tagline')}`, template: `%s — ${t('site-name')}` },
    description: t('description'),
    ...SITE_ICONS,
    openGraph: await siteOpenGraph(locale),
    twitter: { card: 'summary_large_image' },
  }
}

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params
  if (!isLocale(locale)) notFound()
  setRequestLocale(locale)
  // The shell's messages; each page adds its own client components' (<ClientMessages>).
  const clientMessages = pickClientMessages(await getMessages())

  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
      </head>
      <body>
        <TopLoader />
        <NextIntlClientProvider messages={clientMessages}>
          <SWRProvider>
            <ToastProvider>
              <Header />
              {children}
              <Footer />
              <BuildUpdateWatcher />
              <ExternalLinkGuard />
              <BlockedSignOut />
            </ToastProvider>
          </SWRProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  )
}
