import type { FieldHook } from 'payload'

import { relationId } from '@access/resources'
import type { User } from '@payload-types'

/**
 * The virtual `employerBlocked` of an account: whether its employer is blocked on the site, read
 * afresh with the account (so on every door, the session's own user included). While it is, the
 * employee manages none of the employer's resources (access/resources.ts): a block of an owner
 * suspends what their staff may do for them, and lifting it gives it back.
 */
export const readEmployerBlocked: FieldHook<User, boolean | null | undefined> = async ({
  siblingData,
  req,
}) => {
  const employer = (siblingData as Partial<User> | undefined)?.employer
  const id = relationId(employer)
  if (!id) return false
  if (employer && typeof employer === 'object' && typeof employer.blocked === 'boolean') {
    return employer.blocked
  }
  const stored = (await req.payload.db.findOne({
    collection: 'users',
    where: { id: { equals: id } },
    req,
  })) as Pick<User, 'blocked'> | null
  return Boolean(stored?.blocked)
}
