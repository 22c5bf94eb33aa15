import type { CollectionBeforeChangeHook } from 'payload'

import { checkRole } from '@access/roles'

/**
 * The dates of creation and change are the server's: lists sort by them (newest first), so a
 * review dated in the future would stay on top. Only admins and the system may set them.
 */
export const keepTimestamps: CollectionBeforeChangeHook = ({ data, req }) => {
  if (!req.user || checkRole(['admin'], req.user)) return data
  delete data.createdAt
  delete data.updatedAt
  return data
}
