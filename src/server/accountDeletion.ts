import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import type { Resource } from '@payload-types'

/** What keeps an account from being deleted: the resources it owns and the people it employs. */
export type DeletionBlockers = {
  resources: Pick<Resource, 'id' | 'title' | 'type' | 'slug'>[]
  employees: number
}

/**
 * An owner's resources and employees, which deleting the account would orphan: they are
 * transferred to another account (an admin changes the owner) or deleted first. Read past access,
 * for the privacy page, `/api/delete-account` and the users collection's `eraseAccount` alike.
 */
export const deletionBlockers = async ({
  payload,
  req,
  userId,
}: {
  payload: Payload
  req?: PayloadRequest
  userId: number
}): Promise<DeletionBlockers> => {
  const { docs } = await payload.find({
    collection: 'resources',
    where: { owner: { equals: userId } },
    select: { title: true, type: true, slug: true },
    sort: 'title',
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const { totalDocs: employees } = await payload.count({
    collection: 'users',
    where: { employer: { equals: userId } },
    overrideAccess: true,
    req,
  })
  return { resources: docs, employees }
}
