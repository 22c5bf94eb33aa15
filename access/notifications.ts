import type { Access } from 'payload'

import { checkRole } from './roles'

/** A user's own notifications; admins read everyone's (the admin's list, for support). */
export const canReadNotifications: Access = ({ req: { user } }) => {
  if (checkRole(['admin'], user)) return true
  if (!user) return false
  return { recipient: { equals: user.id } }
}
