import 'server-only'

import { managesResource } from '@access/resources'
import type { User } from '@payload-types'

import { getPayload } from './payload'
import { findLatestList, type SignedListView } from './views/signedMirrors'

/** A resource's key and latest list as the people who manage it see them (issue 31). */
export type ResourceSigning = {
  id: number
  title: string
  fingerprint: string | null
  pending_fingerprint: string | null
  pending_since: string | null
  list: SignedListView | null
}

/** Null when the user may not edit the resource (owner, operator of its type, admin). */
export const getResourceSigning = async ({
  id,
  user,
}: {
  id: number
  user: User
}): Promise<ResourceSigning | null> => {
  const payload = await getPayload()
  const resource = await payload.findByID({
    collection: 'resources',
    id,
    depth: 0,
    user,
    overrideAccess: false,
    disableErrors: true,
    select: {
      title: true,
      pgpFingerprint: true,
      pendingPgpFingerprint: true,
      pendingPgpKeyAt: true,
    },
  })
  if (!resource || !(await managesResource({ payload, user, resourceId: resource.id }))) {
    return null
  }
  return {
    id: resource.id,
    title: resource.title,
    fingerprint: resource.pgpFingerprint ?? null,
    pending_fingerprint: resource.pendingPgpFingerprint ?? null,
    pending_since: resource.pendingPgpKeyAt ?? null,
    list: await findLatestList({ payload, resourceId: resource.id }),
  }
}
