import 'server-only'

import { resourceSummary } from '../../endpoints/directory/views'
import type { Resource } from '../../payload-types'
import type { Locale } from '@/i18n/routing'

import { getPayload } from './payload'

/** The user's favorites, newest first, as cards. */
export const listFavorites = async ({ userId, locale }: { userId: number; locale: Locale }) => {
  const payload = await getPayload()
  const { docs } = await payload.find({
    collection: 'favorites',
    where: { user: { equals: userId } },
    sort: '-createdAt',
    depth: 2,
    locale,
    pagination: false,
    overrideAccess: true,
  })
  return docs
    .map((favorite) => favorite.resource)
    .filter((resource): resource is Resource => typeof resource === 'object' && resource !== null)
    .map(resourceSummary)
}
