import type { Access, FieldAccess } from 'payload'

import { isAdmin } from '@/lib/roles'

export const adminOnly: Access = ({ req: { user } }) => isAdmin(user)

export const adminOnlyFieldAccess: FieldAccess = ({ req: { user } }) => isAdmin(user)
