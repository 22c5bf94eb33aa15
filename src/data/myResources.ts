import 'server-only'

import type { Locale } from '@/i18n/routing'
import { isEmployeeRole } from '@/lib/roles'
import { relationId } from '@access/resources'
import type { Resource, User } from '@payload-types'

import { CARD_FIELDS } from './listing'
import { getPayload } from './payload'
import { ownResources, resourcesWithWaitingRequest } from './support'
import { type ResourceSummary, resourceSummary } from './views/resources'

export const MY_RESOURCES_PAGE_SIZE = 20

export type MyResource = ResourceSummary & {
  open_request: boolean
  /** Why the moderators rejected it, for those who look after it. */
  rejection_reason: string | null
}

/**
 * One page of "my resources": every resource `user` looks after (an owner's own, pending and
 * rejected ones included; an operator's employer's of their type), newest first, titled in
 * `locale`, each with whether a verification request is waiting. Null for someone who looks
 * after none by their role. An operator's employer is named.
 */
export const listMyResources = async ({
  user,
  locale,
  page,
}: {
  user: User
  locale: Locale
  page: number
}): Promise<{
  resources: MyResource[]
  page: number
  totalPages: number
  employer: string | null
} | null> => {
  const managed = ownResources(user)
  if (!managed) return null
  const payload = await getPayload()
  const employerId = relationId(user.employer)
  const employer =
    employerId && isEmployeeRole(user.role)
      ? await payload.findByID({
          collection: 'users',
          id: employerId,
          select: { displayName: true },
          depth: 0,
          disableErrors: true,
        })
      : null
  const found = await payload.find({
    collection: 'resources',
    where: managed,
    sort: '-createdAt',
    page,
    limit: MY_RESOURCES_PAGE_SIZE,
    locale,
    depth: 1,
    select: { ...CARD_FIELDS, rejectionReason: true },
    overrideAccess: true,
  })
  const open = await resourcesWithWaitingRequest(
    payload,
    found.docs.map((doc) => doc.id),
  )
  return {
    resources: (found.docs as Resource[]).map((doc) => ({
      ...resourceSummary(doc),
      open_request: open.has(doc.id),
      rejection_reason: doc.status === 'rejected' ? (doc.rejectionReason ?? null) : null,
    })),
    page,
    totalPages: found.totalPages,
    employer: employer?.displayName ?? null,
  }
}
