import type { CollectionAfterChangeHook } from 'payload'

import { DEFAULT_LOCALE } from '@/i18n/routing'
import type { Resource } from '@payload-types'

/**
 * A resource created in another language only (the REST API or the admin with `locale=en`) has
 * no Russian title, and Russian is every other language's fallback: it gets the same title,
 * summary and description in Russian until someone translates them, so no page shows a
 * resource without a name.
 */
export const fillDefaultLocale: CollectionAfterChangeHook<Resource> = async ({
  doc,
  operation,
  req,
}) => {
  if (operation !== 'create' || !req.locale || req.locale === 'all') return doc
  if (req.locale === DEFAULT_LOCALE) return doc
  const inDefault = await req.payload.findByID({
    collection: 'resources',
    id: doc.id,
    locale: DEFAULT_LOCALE,
    fallbackLocale: false,
    select: { title: true },
    depth: 0,
    overrideAccess: true,
    req,
  })
  if (inDefault.title) return doc
  await req.payload.update({
    collection: 'resources',
    id: doc.id,
    locale: DEFAULT_LOCALE,
    data: { title: doc.title, anons: doc.anons, description: doc.description },
    depth: 0,
    overrideAccess: true,
    req,
  })
  return doc
}
