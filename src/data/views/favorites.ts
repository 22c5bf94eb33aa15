import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { Locale } from '@/i18n/routing'
import type { Resource } from '@payload-types'

import { resourceSummary } from './resources'

/** A user's favorites, newest first, each with the resource as a card shows it. */
export const findFavorites = async ({
  payload,
  req,
  userId,
  locale,
}: {
  payload: Payload
  req?: PayloadRequest
  userId: number
  locale?: Locale
}) => {
  const { docs } = await payload.find({
    collection: 'favorites',
    where: { user: { equals: userId } },
    sort: '-createdAt',
    depth: 2,
    locale,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return docs
    .filter((favorite) => typeof favorite.resource === 'object' && favorite.resource !== null)
    .map((favorite) => ({
      id: favorite.id,
      added_at: favorite.createdAt,
      resource: resourceSummary(favorite.resource as Resource),
    }))
}

export type FavoriteView = Awaited<ReturnType<typeof findFavorites>>[number]
