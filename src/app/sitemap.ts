import type { MetadataRoute } from 'next'

import { listArticleAddresses, listPageAddresses } from '@/data/content'
import { listPopularDirectionCodes } from '@/data/rates'
import { listResourceAddresses } from '@/data/resources'
import { LOCALE_TAGS, LOCALES, localizedPath } from '@/i18n/routing'
import {
  ARTICLE_COLLECTIONS,
  PAGE_ROUTES,
  articleListPath,
  articlePath,
  pagePath,
} from '@/lib/content'
import { RATES_PATH, directionPath } from '@/lib/rateAddress'
import { RESOURCE_TYPES } from '@/lib/resourceTypes'
import { serverUrl } from '@/server/env'

/**
 * Read from the database on request (it is not there at build time) and not cached, so it is
 * always current and no write needs to expire it (Next's data cache keeps no entry over 2 MB,
 * which the addresses of 24,000 resources can pass).
 */
export const dynamic = 'force-dynamic'

/** The rates pages the sitemap names: the most offered directions (issue 48). */
const SITEMAP_DIRECTIONS = 200

/** Every public page in both languages, each naming its other-language twin. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = serverUrl()
  const entry = (path: string, lastModified?: Date): MetadataRoute.Sitemap =>
    LOCALES.map((locale) => ({
      url: `${base}${localizedPath(locale, path)}`,
      lastModified,
      alternates: {
        languages: Object.fromEntries(
          LOCALES.map((other) => [LOCALE_TAGS[other], `${base}${localizedPath(other, path)}`]),
        ),
      },
    }))
  const [resources, pages, directions, ...articles] = await Promise.all([
    listResourceAddresses(),
    listPageAddresses(),
    listPopularDirectionCodes(SITEMAP_DIRECTIONS),
    ...ARTICLE_COLLECTIONS.map((collection) => listArticleAddresses(collection)),
  ])
  // The pages with a route of their own are listed once, with their date when published.
  const routed = new Set(Object.keys(PAGE_ROUTES))
  return [
    ...entry('/'),
    ...RESOURCE_TYPES.flatMap(({ prefix }) => entry(`/resources/${prefix}`)),
    ...resources.flatMap(({ path, updatedAt }) => entry(path, updatedAt)),
    ...entry('/faqs'),
    ...entry(RATES_PATH),
    ...directions.flatMap((direction) => entry(directionPath(direction))),
    ...Object.values(PAGE_ROUTES).flatMap((path) => {
      const page = pages.find((one) => PAGE_ROUTES[one.slug] === path)
      return entry(path, page?.updatedAt)
    }),
    ...pages
      .filter(({ slug }) => !routed.has(slug))
      .flatMap(({ slug, updatedAt }) => entry(pagePath(slug), updatedAt)),
    ...ARTICLE_COLLECTIONS.flatMap((collection, i) => [
      ...entry(articleListPath(collection), articles[i][0]?.updatedAt),
      ...articles[i].flatMap(({ slug, updatedAt }) =>
        entry(articlePath(collection, slug), updatedAt),
      ),
    ]),
  ]
}
