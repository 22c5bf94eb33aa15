import type { Metadata } from 'next'
import type React from 'react'

import { alternatesFor } from '@/i18n/metadata'
import { isLocale } from '@/i18n/routing'

type Props = { children: React.ReactNode; params: Promise<{ locale: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  return isLocale(locale) ? { alternates: alternatesFor(locale, '/') } : {}
}

/** The default layout (spec §2): the home page only, full-width bands. */
export default function HomeLayout({ children }: { children: React.ReactNode }) {
  return (
    <main id="content" className="layout-default">
      {children}
    </main>
  )
}
