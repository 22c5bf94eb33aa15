import 'server-only'

import type { Locale } from '@/i18n/routing'

import { getPayload } from './payload'
import { findFavorites } from './views/favorites'

/** The user's favorites, newest first, as cards. */
export const listFavorites = async ({ userId, locale }: { userId: number; locale: Locale }) =>
  (await findFavorites({ payload: await getPayload(), userId, locale })).map(
    (favorite) => favorite.resource,
  )

/** The user's favorites, newest first, each with when it was added and its card. */
export const listFavoriteEntries = async ({ userId, locale }: { userId: number; locale: Locale }) =>
  findFavorites({ payload: await getPayload(), userId, locale })
