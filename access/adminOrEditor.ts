import type { Access } from 'payload'

import { checkRole } from './roles'

export const adminOrEditor: Access = ({ req: { user } }) => checkRole(['admin', 'editor'], user)
