import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import type { User } from '../../payload-types'
import { checkRole } from '../../access/roles'
import { requestLocale, serverMessage } from '../../src/lib/serverMessages'

export const DISPLAY_NAME_CHANGE_DAYS = 30

/** When a display name changed at `changedAt` may change again. */
export const nextDisplayNameChange = (changedAt: string | null | undefined): Date | null =>
  changedAt ? new Date(new Date(changedAt).getTime() + DISPLAY_NAME_CHANGE_DAYS * 86_400_000) : null

/** A member's display name changes at most once per 30 days (admins may always rename). */
export const limitDisplayNameChanges: CollectionBeforeChangeHook<User> = ({
  data,
  originalDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || !originalDoc) return data
  if (data.displayName === undefined || data.displayName === originalDoc.displayName) return data
  const next = nextDisplayNameChange(originalDoc.displayNameChangedAt)
  if (next && next > new Date() && !checkRole(['admin'], req.user)) {
    const locale = requestLocale(req.headers)
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
