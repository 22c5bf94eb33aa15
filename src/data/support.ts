import 'server-only'

import type { Payload, Where } from 'payload'

import type { Locale } from '@/i18n/routing'
import { isAdmin } from '@/lib/roles'
import { OPEN_VERIFICATION_STATUSES } from '@/lib/support'
import { managedResources } from '@access/resources'
import type { User } from '@payload-types'

import { getPayload } from './payload'
import type { VerifiableResource } from './views/support'

/** Which of these resources have a request waiting (sent or under review). */
export const resourcesWithWaitingRequest = async (payload: Payload, ids: number[]) => {
  if (!ids.length) return new Set<number>()
  const { docs } = await payload.find({
    collection: 'verification-requests',
    where: {
      and: [{ resource: { in: ids } }, { status: { in: [...OPEN_VERIFICATION_STATUSES] } }],
    },
    select: { resource: true },
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  return new Set(docs.map((request) => Number(request.resource)))
}

/** The resources a user looks after on the site: an admin their own; others those they manage. */
export const ownResources = (user: User): Where | null =>
  isAdmin(user) ? { owner: { equals: user.id } } : managedResources(user)

/**
 * The resources `user` may ask to verify (design.md §3: an owner's own, an operator's employer's
 * of the operator's type; an admin's own, as admins verify the others themselves), titled in
 * `locale`, with whether a request for each is already waiting. Empty for anyone who manages none.
 */
export const listVerifiableResources = async ({
  user,
  locale,
}: {
  user: User
  locale: Locale
}): Promise<VerifiableResource[]> => {
  const managed = ownResources(user)
  if (!managed) return []
  const payload = await getPayload()
  const { docs } = await payload.find({
    collection: 'resources',
    where: managed,
    select: { title: true, type: true, verified: true },
    sort: 'title',
    locale,
    depth: 0,
    limit: 200,
    overrideAccess: true,
  })
  const open = await resourcesWithWaitingRequest(
    payload,
    docs.map((doc) => doc.id),
  )
  return docs.map((doc) => ({
    id: doc.id,
    title: doc.title,
    type: doc.type,
    verified: Boolean(doc.verified),
    open_request: open.has(doc.id),
  }))
}
