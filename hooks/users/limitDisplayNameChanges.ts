import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import { nextDisplayNameChange } from '@/lib/limits'
import { canAdministerUsers } from '@/lib/roles'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import type { User } from '@payload-types'

/**
 * A member renames themselves at most once per 30 days; an admin, or the owner of an employee's
 * account, may always rename it.
 */
export const limitDisplayNameChanges: CollectionBeforeChangeHook<User> = ({
  data,
  originalDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || !originalDoc) return data
  if (data.displayName === undefined || data.displayName === originalDoc.displayName) return data
  const next = nextDisplayNameChange(originalDoc.displayNameChangedAt)
  const bySelf = req.user?.id === originalDoc.id && !canAdministerUsers(req.user)
  if (next && next > new Date() && bySelf) {
    const locale = messageLocale(req)
    throw new ValidationError({
      collection: 'users',
      errors: [
        {
          path: 'displayName',
          message: serverMessage({
            locale,
            key: 'api.display-name-too-soon',
            values: { date: next.toLocaleDateString(locale === 'ru' ? 'ru-RU' : 'en-GB') },
          }),
        },
      ],
    })
  }
  return { ...data, displayNameChangedAt: new Date().toISOString() }
}
