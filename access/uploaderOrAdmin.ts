import type { Access } from 'payload'

import { checkRole } from './roles'

/** Admins manage every file; anyone else, editors included, only the files they uploaded. */
export const uploaderOrAdmin: Access = ({ req: { user } }) => {
  if (checkRole(['admin'], user)) return true
  if (!user || user.blocked) return false
  return { uploadedBy: { equals: user.id } }
}
