import type { Metadata } from 'next'

import type { PageView } from '@/data/views/content'
import { alternatesFor, siteOpenGraph } from '@/i18n/metadata'
import { type Locale, localizedPath } from '@/i18n/routing'
import { pagePath } from '@/lib/content'
import { serverUrl } from '@/server/env'

/** The head of an editors' page: its description, both languages' addresses, its card. */
export const pageMetadata = async ({
  page,
  locale,
}: {
  page: PageView
  locale: Locale
}): Promise<Metadata> => {
  const site = await siteOpenGraph(locale)
  const path = pagePath(page.slug)
  const hero = page.image?.sizes.hero ?? page.image?.sizes.wide
  return {
    title: page.title,
    description: page.description || undefined,
    alternates: alternatesFor(locale, path),
    openGraph: {
      ...site,
      type: 'website',
      title: page.title,
      description: page.description || undefined,
      url: localizedPath(locale, path),
      ...(hero
        ? {
            images: [
              {
                url: new URL(hero.url, serverUrl()).href,
                width: hero.width,
                height: hero.height,
                alt: page.image?.alt || page.title,
              },
            ],
          }
        : {}),
    },
  }
}
