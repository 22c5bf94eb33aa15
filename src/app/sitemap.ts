import type { MetadataRoute } from 'next'

import { listResourceAddresses } from '@/data/resources'
import { LOCALE_TAGS, LOCALES, localizedPath } from '@/i18n/routing'
import { RESOURCE_TYPES } from '@/lib/resourceTypes'
import { serverUrl } from '@/server/env'

/**
 * Read from the database on request (it is not there at build time) and not cached, so it is
 * always current and no write needs to expire it (Next's data cache keeps no entry over 2 MB,
 * which the addresses of 24,000 resources can pass).
 */
export const dynamic = 'force-dynamic'

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
  const resources = await listResourceAddresses()
  return [
    ...entry('/'),
    ...RESOURCE_TYPES.flatMap(({ prefix }) => entry(`/resources/${prefix}`)),
    ...resources.flatMap(({ path, updatedAt }) => entry(path, updatedAt)),
  ]
}
