import 'server-only'

import type { Locale } from '@/i18n/routing'
import { OPEN_VERIFICATION_STATUSES } from '@/lib/support'
import { managedResourcesOrAll } from '@access/resources'
import type { User } from '@payload-types'

import { getPayload } from './payload'
import type { VerifiableResource } from './views/support'

/**
 * The resources `user` may ask to verify (design.md §3: an owner's own, an operator's employer's
 * of the operator's type; every resource for admins), titled in `locale`, with whether a request
 * for each is already waiting. Empty for anyone who manages none.
 */
export const listVerifiableResources = async ({
  user,
  locale,
}: {
  user: User
  locale: Locale
}): Promise<VerifiableResource[]> => {
  const managed = managedResourcesOrAll(user)
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
  if (!docs.length) return []
  const { docs: waiting } = await payload.find({
    collection: 'verification-requests',
    where: {
      and: [
        { resource: { in: docs.map((doc) => doc.id) } },
        { status: { in: [...OPEN_VERIFICATION_STATUSES] } },
      ],
    },
    select: { resource: true },
    depth: 0,
    pagination: false,
    overrideAccess: true,
  })
  const open = new Set(waiting.map((request) => Number(request.resource)))
  return docs.map((doc) => ({
    id: doc.id,
    title: doc.title,
    type: doc.type,
    verified: Boolean(doc.verified),
    open_request: open.has(doc.id),
  }))
}
