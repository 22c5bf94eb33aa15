import 'server-only'

import { isRecordId } from '@/lib/limits'
import { canManageEmployees, isEmployeeRole } from '@/lib/roles'
import type { User } from '@payload-types'

import { getPayload } from './payload'
import { type ManagedAccountView, managedAccountView } from './views/users'

/**
 * An employee `user` may edit, by the id in an address: an owner's own, any operator for admins;
 * null for anything else (a bad id, another owner's employee, someone who is no employee).
 */
export const getEmployee = async ({
  user,
  id,
}: {
  user: User
  id: string | undefined
}): Promise<ManagedAccountView | null> => {
  const recordId = Number(id)
  if (!isRecordId(recordId) || recordId === user.id || !canManageEmployees(user)) return null
  const payload = await getPayload()
  const account = await payload.findByID({
    collection: 'users',
    id: recordId,
    depth: 1,
    populate: { users: { displayName: true } },
    overrideAccess: false,
    user,
    disableErrors: true,
  })
  return account && isEmployeeRole(account.role) ? managedAccountView(account) : null
}
