import type { Access } from 'payload'

import { canSeeMembersRecords } from '@/lib/roles'

/**
 * A user's own notifications; admins read everyone's (the admin's list, for support:
 * canSeeMembersRecords).
 */
export const canReadNotifications: Access = ({ req: { user } }) => {
  if (canSeeMembersRecords(user)) return true
  if (!user) return false
  return { recipient: { equals: user.id } }
}
