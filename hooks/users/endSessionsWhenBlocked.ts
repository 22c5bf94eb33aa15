import type { CollectionBeforeChangeHook } from 'payload'

import type { User } from '@payload-types'

/** Blocking an account ends every session it has, at once. */
export const endSessionsWhenBlocked: CollectionBeforeChangeHook<User> = ({ data, originalDoc }) => {
  if (data.blocked && !originalDoc?.blocked) return { ...data, sessions: [] }
  return data
}
