import { EMPLOYEE_ROLES } from '@/lib/users'
import type { User } from '@payload-types'

export const ROLES = [
  'admin',
  'editor',
  'owner',
  'marketplaceOperator',
  'storeOperator',
  'forumOperator',
  'user',
] as const

export type Role = (typeof ROLES)[number]

/** The employees' roles (src/lib/users.ts). */
export const OPERATOR_ROLES = EMPLOYEE_ROLES

/** True when the user holds one of the given roles. */
export const checkRole = (roles: readonly Role[], user?: Pick<User, 'role'> | null): boolean =>
  Boolean(user?.role && roles.includes(user.role))
