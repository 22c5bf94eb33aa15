import type { PayloadRequest } from 'payload'

import { checkRole } from './roles'

/** The Payload admin is for staff who publish or moderate: admins and editors. */
export const canUseAdminPanel = ({ req: { user } }: { req: PayloadRequest }): boolean =>
  checkRole(['admin', 'editor'], user)
