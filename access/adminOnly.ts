import type { Access, FieldAccess } from 'payload'

import { checkRole } from './roles'

export const adminOnly: Access = ({ req: { user } }) => checkRole(['admin'], user)

export const adminOnlyFieldAccess: FieldAccess = ({ req: { user } }) => checkRole(['admin'], user)
