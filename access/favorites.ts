import type { Access } from 'payload'

import { checkRole } from './roles'

/** Favorites are private: each user reaches their own; admins all. */
export const ownFavorites: Access = ({ req: { user } }) => {
  if (checkRole(['admin'], user)) return true
  if (!user || user.blocked) return false
  return { user: { equals: user.id } }
}
