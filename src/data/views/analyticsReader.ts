import 'server-only'

import type { Where } from 'payload'

import type { ResourceType } from '@/lib/resourceTypes'

import type { Reader } from './reader'
import { resourcePath } from './resources'

export type Described = { id: number; title: string; type: ResourceType; path: string }

/** The resources `where` picks, by id: their titles (in `locale`), types and addresses. */
export const describe = async ({ payload, req, locale }: Reader, where: Where, limit: number) => {
  const { docs } = await payload.find({
    collection: 'resources',
    where,
    limit,
    depth: 0,
    pagination: false,
    sort: 'id',
    locale,
    fallbackLocale: locale === 'en' ? 'ru' : 'en',
    select: { title: true, type: true, slug: true },
    overrideAccess: true,
    req,
  })
  return new Map<number, Described>(
    docs.map((doc) => [
      doc.id,
      { id: doc.id, title: doc.title ?? '', type: doc.type, path: resourcePath(doc) },
    ]),
  )
}
