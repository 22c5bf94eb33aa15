import type { Access } from 'payload'

import { canSeeMembersRecords } from '@/lib/roles'

/** Rows that belong to a user through `field` (votes, reports): each user reaches theirs; admins all. */
export const ownRowsOrAdmin =
  (field: string): Access =>
  ({ req: { user } }) => {
    if (canSeeMembersRecords(user)) return true
    if (!user || user.blocked) return false
    return { [field]: { equals: user.id } }
  }
