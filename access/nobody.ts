import type { Access } from 'payload'

/** No door, no role (a collection's or a field's access): only the server's own writes (`overrideAccess`) get through. */
export const nobody = () => false

/**
 * A collection only the server writes (histories, logs, notifications): `read` as given, and no
 * door creates, edits or removes a row, admins included.
 */
export const writtenByServerOnly = (read: Access) => ({
  read,
  create: nobody,
  update: nobody,
  delete: nobody,
})
