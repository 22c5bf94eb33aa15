import type { Access } from 'payload'

import { checkRole } from './roles'

/** Staff manage every file; a member only the files they uploaded. */
export const uploaderOrStaff: Access = ({ req: { user } }) => {
  if (!user) return false
  if (checkRole(['admin', 'editor'], user)) return true
  return { uploadedBy: { equals: user.id } }
}
