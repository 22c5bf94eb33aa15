import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { canModerate } from '@/lib/roles'
import { nestedRequest } from '@/server/nestedRequest'
import { relationId } from '@access/resources'
import { mailUser } from '@hooks/support/notify'
import type { Resource } from '@payload-types'

import { reasonOf, refuseField } from './refuse'

/**
 * A resource's moderation, by whatever door: a rejection says why (its owner reads it on their
 * resources and by email), an approval clears the reason; each decision keeps its time. A
 * rejected resource its owner or staff edit again goes back to the queue, the last reason kept
 * for the moderators. Only admins reach the
 * status and the reason (field access).
 */
export const recordResourceModeration: CollectionBeforeChangeHook<Resource> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const from = originalDoc?.status ?? null
  if (operation === 'update' && from === 'rejected' && !canModerate(req.user) && req.user) {
    return { ...data, status: 'pending', moderatedAt: null }
  }
  const to = data.status ?? from ?? 'pending'
  if (to !== 'rejected') {
    const decided = operation === 'update' && to !== from
    return {
      ...data,
      // A resubmitted resource keeps its last rejection's reason for the moderators to read.
      ...(to === 'published' || data.rejectionReason !== undefined
        ? { rejectionReason: null }
        : {}),
      ...(decided ? { moderatedAt: to === 'published' ? new Date().toISOString() : null } : {}),
    }
  }
  const given = data.rejectionReason === undefined ? undefined : reasonOf(data.rejectionReason)
  const reason = given ?? (from === 'rejected' ? reasonOf(originalDoc?.rejectionReason) : '')
  if (!reason) throw refuseField({ req, collection: 'resources', path: 'rejectionReason' })
  return {
    ...data,
    rejectionReason: reason,
    ...(from !== 'rejected' ? { moderatedAt: new Date().toISOString() } : {}),
  }
}

/**
 * The owner is told of a moderator's decision on their resource, in their own language, with the
 * reason of a rejection and a link to their resources.
 */
export const tellOwnerOfModeration: CollectionAfterChangeHook<Resource> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation !== 'update' || doc.status === previousDoc?.status) return doc
  if (doc.status !== 'published' && doc.status !== 'rejected') return doc
  if (!canModerate(req.user)) return doc
  const owner = relationId(doc.owner)
  if (owner === null || owner === req.user?.id) return doc
  await mailUser({
    req,
    userId: owner,
    namespace: 'moderation-emails',
    key: doc.status === 'published' ? 'resource-approved' : 'resource-rejected',
    values: async (locale) => {
      const inLocale = await req.payload.findByID({
        collection: 'resources',
        id: doc.id,
        locale,
        select: { title: true },
        depth: 0,
        overrideAccess: true,
        disableErrors: true,
        // In the owner's language, not the save's: the hooks after this one read the save's.
        req: nestedRequest(req),
      })
      return { title: inLocale?.title ?? '', reason: doc.rejectionReason ?? '' }
    },
    path: '/account',
  })
  return doc
}
