import type { Access } from 'payload'

import { onManagedResources } from './resources'

/**
 * The status history of the resources a user may read: every row for admins, the published
 * resources' for everyone, and those of the resources they manage for owners and operators.
 */
export const canReadStatusChanges: Access = ({ req: { user } }) => {
  const managed = onManagedResources(user)
  if (managed && Object.keys(managed).length === 0) return true
  const published = { 'resource.status': { equals: 'published' } }
  return managed ? { or: [published, managed] } : published
}
