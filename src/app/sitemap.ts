import { sql } from '@payloadcms/db-postgres'
import type { MetadataRoute } from 'next'

import { getPayload } from '@/data/payload'
import { LOCALE_TAGS, LOCALES, localizedPath } from '@/i18n/routing'
import { RESOURCE_TYPES, type ResourceType, prefixOf } from '@/lib/resourceTypes'
import { runSql } from '@/server/db'
import { serverUrl } from '@/server/env'

/** Read from the database on request (it is not there at build time). */
export const dynamic = 'force-dynamic'
/** A sitemap may hold 50,000 addresses: two per resource, the most reviewed first. */
const MAX_RESOURCES = 24_000

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
  const payload = await getPayload()
  const { rows } = await runSql<{ slug: string; type: ResourceType; updated_at: string }>({
    payload,
    query: sql`SELECT slug, type, updated_at FROM resources
               WHERE status = 'published' AND slug IS NOT NULL
               ORDER BY review_count DESC, id LIMIT ${MAX_RESOURCES}`,
  })
  return [
    ...entry('/'),
    ...RESOURCE_TYPES.flatMap(({ prefix }) => entry(`/resources/${prefix}`)),
    ...rows.flatMap((row) =>
      entry(`/resources/${prefixOf(row.type)}/${row.slug}`, new Date(row.updated_at)),
    ),
  ]
}
