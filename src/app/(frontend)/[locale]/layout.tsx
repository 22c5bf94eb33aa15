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

import './styles.css'
import '@/components/ui/ui.css'

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
