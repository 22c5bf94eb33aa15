import type { CollectionAfterChangeHook } from 'payload'

import { isPlainMember } from '@/lib/roles'
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
    data: { role: 'owner' },
    req,
    overrideAccess: true,
  })
  req.user.role = 'owner'
  return doc
}
