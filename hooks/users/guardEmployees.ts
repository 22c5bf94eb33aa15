import { type CollectionBeforeChangeHook, type PayloadRequest, ValidationError } from 'payload'

import { canAdministerUsers, isEmployeeRole, isOwner, isPlainMember } from '@/lib/roles'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { relationId } from '@access/resources'
import type { User } from '@payload-types'

const refuse = (req: PayloadRequest, path: string, key: string): never => {
  throw new ValidationError({
    collection: 'users',
    errors: [{ path, message: serverMessage({ locale: messageLocale(req), key: `api.${key}` }) }],
  })
}

/**
 * What an owner may make of the accounts they reach (access/users.ts), by every door: a new
 * account is their employee (an operator role, their own id as employer, its address taken on
 * their word); an employee stays theirs with an operator role, or is let go as a plain user with
 * no employer. Admins and the system set anything; everyone else changes only their own account,
 * whose role and employer field access keeps as they are.
 */
export const guardEmployees: CollectionBeforeChangeHook<User> = ({
  data,
  originalDoc,
  operation,
  req,
}) => {
  const actor = req.user as User | null
  if (!actor || canAdministerUsers(actor) || !isOwner(actor)) return data
  if (operation === 'create') {
    if (!isEmployeeRole(data.role)) refuse(req, 'role', 'employee-role-invalid')
    return { ...data, employer: actor.id, status: 'verified' }
  }
  if (!originalDoc || originalDoc.id === actor.id) return data
  const role = data.role ?? originalDoc.role
  const employer = relationId(data.employer === undefined ? originalDoc.employer : data.employer)
  const staysEmployee = isEmployeeRole(role) && employer === actor.id
  const letGo = isPlainMember({ role }) && employer === null
  if (!staysEmployee && !letGo) refuse(req, 'role', 'employee-role-invalid')
  return data
}
