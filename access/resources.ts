import type { Access, FieldAccess, Payload, PayloadRequest, Where } from 'payload'

import { relationId } from '@/lib/relations'
import type { ResourceType } from '@/lib/resourceTypes'
import {
  OPERATOR_ROLE_OF_TYPE,
  canAddResources,
  canManageEveryResource,
  isOwner,
} from '@/lib/roles'
import type { User } from '@payload-types'

/** The id a relationship field holds, populated or not (`src/lib/relations.ts`). */
export { relationId }

/** The resource type an operator works on, or null for anyone else. */
export const operatorType = (user: Pick<User, 'role'> | null | undefined): ResourceType | null => {
  const entry = Object.entries(OPERATOR_ROLE_OF_TYPE).find(([, role]) => role === user?.role)
  return (entry?.[0] as ResourceType | undefined) ?? null
}

/**
 * The resources a user manages (design.md §3): an owner their own; an operator those of their
 * employer that are of the operator's type, unless the employer is blocked on the site (the
 * account's virtual `employerBlocked`, read afresh with it on every door): the block suspends
 * what their staff may do for them until it is lifted. Null for everyone else (admins are
 * handled apart).
 */
export const managedResources = (user: User | null | undefined): Where | null => {
  if (!user) return null
  if (isOwner(user)) return { owner: { equals: user.id } }
  const type = operatorType(user)
  const employer = relationId(user.employer)
  if (type && employer && user.employerBlocked !== false) return null
  if (type && employer)
    return { and: [{ owner: { equals: employer } }, { type: { equals: type } }] }
  return null
}

/** A condition on resources, restated as one on the rows (reviews, requests) whose `resource` is one of them. */
const onResource = (where: Where): Where =>
  Object.fromEntries(
    Object.entries(where).map(([key, value]) =>
      key === 'and' || key === 'or'
        ? [key, (value as Where[]).map(onResource)]
        : [`resource.${key}`, value],
    ),
  )

/** The resources a user manages, every one for admins; null for everyone else. */
export const managedResourcesOrAll = (user: User | null | undefined): Where | null =>
  canManageEveryResource(user) ? {} : managedResources(user)

/**
 * The rows (reviews, verification requests) on the resources a user manages (every row for
 * admins); null for others.
 */
export const onManagedResources = (user: User | null | undefined): Where | null => {
  const managed = managedResourcesOrAll(user)
  return managed && onResource(managed)
}

/** Published resources for all; their own (any status) for the people who manage them. */
export const canReadResource: Access = ({ req: { user } }) => {
  if (canManageEveryResource(user)) return true
  const published: Where = { status: { equals: 'published' } }
  const managed = managedResources(user)
  return managed ? { or: [published, managed] } : published
}

/** Any signed-in user may add a resource and becomes its owner; staff roles other than admin may not. */
export const canCreateResource: Access = ({ req: { user } }) => canAddResources(user)

export const canEditResource: Access = ({ req: { user } }) => {
  if (canManageEveryResource(user)) return true
  if (user?.blocked) return false
  return managedResources(user) ?? false
}

export const canDeleteResource: Access = ({ req: { user } }) => {
  if (canManageEveryResource(user)) return true
  if (!user || user.blocked || !isOwner(user)) return false
  return { owner: { equals: user.id } }
}

/** True when `user` manages the resource (admins manage all), per design.md §3. */
export const managesResource = async ({
  payload,
  req,
  user,
  resourceId,
}: {
  payload: Payload
  req?: PayloadRequest
  user: User
  resourceId: number
}) => {
  if (canManageEveryResource(user)) return true
  const managed = managedResources(user)
  if (!managed) return false
  const { totalDocs } = await payload.count({
    collection: 'resources',
    where: { and: [managed, { id: { equals: resourceId } }] },
    req,
    overrideAccess: true,
  })
  return totalDocs > 0
}

/**
 * A field only those who may edit the resource read (its owner, an operator of its type working
 * for the owner, admins): decided from the document itself, as `managedResources` would match it.
 * Without a document (a query's `where` on the field) nobody but admins may use it, so a filter
 * cannot tell a guest what the field holds.
 */
export const editorsOfResourceField: FieldAccess = ({ req: { user }, doc }) => {
  if (canManageEveryResource(user)) return true
  if (!user || user.blocked || !doc) return false
  const owner = relationId(doc.owner)
  if (isOwner(user)) return owner === user.id
  const type = operatorType(user)
  const employer = relationId(user.employer)
  return (
    Boolean(type && employer && user.employerBlocked === false) &&
    owner === employer &&
    doc.type === type
  )
}
