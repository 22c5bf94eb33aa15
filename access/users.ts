import type { Access, FieldAccess, Where } from 'payload'

import { canAdministerUsers, isOwner } from '@/lib/roles'
import type { User } from '@payload-types'

/** An owner who may manage employees now: not blocked. */
const activeOwner = (user: User | null | undefined) =>
  Boolean(user && !user.blocked && isOwner(user))

/**
 * Admins reach every account; an owner their own and their employees' (design.md §3); anyone
 * else only their own.
 */
export const canReachUser: Access = ({ req: { user } }) => {
  if (!user) return false
  if (canAdministerUsers(user)) return true
  const own: Where = { id: { equals: user.id } }
  return activeOwner(user) ? { or: [own, { employer: { equals: user.id } }] } : own
}

/** Admins add any account; an owner adds employees (guardEmployees holds them to that). */
export const canCreateUser: Access = ({ req: { user } }) =>
  canAdministerUsers(user) || activeOwner(user)

/**
 * A field an admin sets on any account and an owner on an employee's (never on their own):
 * role, employer, status. What an owner may put there is guardEmployees' to decide.
 */
export const adminOrEmployerField: FieldAccess = ({ req: { user }, id }) =>
  canAdministerUsers(user) || (activeOwner(user) && Number(id) !== user?.id)

/**
 * A person's own choices (which notification mails they get): the account's holder and admins
 * read and change them; an owner does not, not even an employee's.
 */
export const selfOrAdminField: FieldAccess = ({ req: { user }, id, doc }) => {
  if (!user) return false
  if (canAdministerUsers(user)) return true
  const target = id ?? (doc as { id?: unknown } | undefined)?.id
  return target !== undefined && Number(target) === user.id
}
