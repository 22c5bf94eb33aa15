import type { Access } from 'payload'

import { canAdministerUsers } from '@/lib/roles'

/** Admins reach every user; anyone else only their own document. */
export const adminOrSelf: Access = ({ req: { user } }) => {
  if (!user) return false
  if (canAdministerUsers(user)) return true
  return { id: { equals: user.id } }
}
