import type { Access } from 'payload'

import { canManageEveryFile } from '@/lib/roles'

/** Admins manage every file; anyone else, editors included, only the files they uploaded. */
export const uploaderOrAdmin: Access = ({ req: { user } }) => {
  if (canManageEveryFile(user)) return true
  if (!user || user.blocked) return false
  return { uploadedBy: { equals: user.id } }
}
