import type { CollectionBeforeChangeHook } from 'payload'

import { canActForAnyone } from '@/lib/roles'

/**
 * The dates of creation and change are the server's: lists sort by them (newest first), so a
 * review dated in the future would stay on top. Only the system and admins, who act for anyone
 * (canActForAnyone), may set them.
 */
export const keepTimestamps: CollectionBeforeChangeHook = ({ data, req }) => {
  if (!req.user || canActForAnyone(req.user)) return data
  delete data.createdAt
  delete data.updatedAt
  return data
}
