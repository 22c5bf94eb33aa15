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

export const OPERATOR_ROLES = ['marketplaceOperator', 'storeOperator', 'forumOperator'] as const

/** True when the user holds one of the given roles. */
export const checkRole = (roles: readonly Role[], user?: Pick<User, 'role'> | null): boolean =>
  Boolean(user?.role && roles.includes(user.role))
