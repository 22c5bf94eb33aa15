import type { Access } from 'payload'

import { canManageEveryResource } from '@/lib/roles'

import { onManagedResources } from './resources'

/** The lists of published resources for all; those of their own resources for the people who manage them. */
export const canReadSignedMirrorList: Access = ({ req: { user } }) => {
  if (canManageEveryResource(user)) return true
  const published = { 'resource.status': { equals: 'published' } }
  const managed = onManagedResources(user)
  return managed ? { or: [published, managed] } : published
}

/** A signed-in, unblocked user; which resource they may sign for is the verifying hook's question. */
export const canAddSignedMirrorList: Access = ({ req: { user } }) => Boolean(user) && !user?.blocked
