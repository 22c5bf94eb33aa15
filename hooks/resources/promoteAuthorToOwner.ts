import type { CollectionAfterChangeHook } from 'payload'

import { OWNER_ROLE, isPlainMember } from '@/lib/roles'
import type { Resource } from '@payload-types'

/** Design.md §2: a user who adds their first resource becomes an `owner`. */
export const promoteAuthorToOwner: CollectionAfterChangeHook<Resource> = async ({
  doc,
  operation,
  req,
}) => {
  if (operation !== 'create' || !req.user || !isPlainMember(req.user)) return doc
  const ownerId = typeof doc.owner === 'object' ? doc.owner?.id : doc.owner
  if (ownerId !== req.user.id) return doc
  await req.payload.update({
    collection: 'users',
    id: req.user.id,
    data: { role: OWNER_ROLE },
    req,
    overrideAccess: true,
  })
  req.user.role = OWNER_ROLE
  return doc
}
