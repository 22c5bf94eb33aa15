import { type Role, hasRole } from '@/lib/roles'
import type { User } from '@payload-types'

export { ROLES, type Role } from '@/lib/roles'

/**
 * For Payload's access functions, which ask about the request's user: true when it holds one of
 * the given roles. The capabilities they stand for are named in the role model (src/lib/roles.ts).
 */
export const checkRole = (roles: readonly Role[], user?: Pick<User, 'role'> | null): boolean =>
  hasRole(user, roles)
