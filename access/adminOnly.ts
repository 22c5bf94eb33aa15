import type { Access, FieldAccess } from 'payload'

import { isAdmin } from '@/lib/roles'

import { only } from './only'

export const adminOnly: Access = only(isAdmin)

export const adminOnlyFieldAccess: FieldAccess = only(isAdmin)
