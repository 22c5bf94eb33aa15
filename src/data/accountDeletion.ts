import 'server-only'

import { isAdmin } from '@/lib/roles'
import { deletionBlockers } from '@/server/accountDeletion'
import type { User } from '@payload-types'

import { getPayload } from './payload'

/** What the privacy page's "Delete my account" needs to know of the signed-in account. */
export type AccountDeletionView = {
  /** An admin's account is deleted by another admin, never by itself. */
  is_admin: boolean
  /** The owner's resources and employees, which must be transferred or deleted first. */
  resources: { id: number; title: string }[]
  employees: number
  /** How the member confirms: the password, or (an account that signs in with Google) the login. */
  confirm_with: 'password' | 'login'
  login: string
  /** The second factor asked after it. */
  second_factor: User['twoFactor']
}

export const accountDeletionView = async (user: User): Promise<AccountDeletionView> => {
  const { resources, employees } = await deletionBlockers({
    payload: await getPayload(),
    userId: user.id,
  })
  return {
    is_admin: isAdmin(user),
    resources: resources.map(({ id, title }) => ({ id, title })),
    employees,
    confirm_with: user.authProvider === 'google' ? 'login' : 'password',
    login: user.username ?? '',
    second_factor: user.twoFactor ?? 'none',
  }
}
