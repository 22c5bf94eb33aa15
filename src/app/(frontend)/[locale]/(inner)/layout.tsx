import type { Metadata } from 'next'
import { headers } from 'next/headers'
import type React from 'react'

import { PATH_HEADER } from '@/i18n/headers'
import { alternatesFor } from '@/i18n/metadata'
import { isLocale, splitLocale } from '@/i18n/routing'

type Props = { children: React.ReactNode; params: Promise<{ locale: string }> }

/** These screens are rendered per request, so the visited path names the page's addresses. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return {}
  const { path } = splitLocale((await headers()).get(PATH_HEADER) ?? '/')
  return { alternates: alternatesFor(locale, path) }
}

/** The inner layout (spec §2): every screen but the home page, in a centred column. */
export default function InnerLayout({ children }: Props) {
  return (
    <main id="content" className="layout-inner container">
      {children}
    </main>
  )
}
