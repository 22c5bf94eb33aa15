import {
  type CollectionAfterChangeHook,
  type CollectionBeforeChangeHook,
  type PayloadRequest,
  ValidationError,
} from 'payload'

import { type PublicStatus, PUBLIC_STATUSES } from '@/lib/publicStatus'
import { canModerate } from '@/lib/roles'
import { messageLocale, serverMessage } from '@/server/serverMessages'
import { forgetStatusReasonElsewhere } from '@/server/sql/statements'
import { favouritersOf } from '@hooks/notifications/events'
import { notify } from '@hooks/notifications/notify'
import type { Resource } from '@payload-types'

const reasonOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

const refuseReason = (req: PayloadRequest) =>
  new ValidationError({
    collection: 'resources',
    errors: [
      {
        path: 'publicStatusReason',
        message: serverMessage({
          locale: messageLocale(req),
          key: 'status.reason-required',
        }),
      },
    ],
    req,
  })

/**
 * A resource's public status, on every door: only moderators (canModerate) or the system (no
 * user) change it or its reason; anyone else's values are dropped, as field access drops them (and
 * a duplicate, which copies past field access, starts with none). A new status needs its reason
 * in the same request; the time of each change is kept.
 */
export const guardPublicStatus: CollectionBeforeChangeHook<Resource> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const from: PublicStatus = (operation === 'update' && originalDoc?.publicStatus) || 'none'
  const isStaffChange = !req.user || canModerate(req.user)
  if (!isStaffChange) {
    const kept = { ...data }
    delete kept.publicStatusReason
    delete kept.publicStatusAt
    if (operation === 'create') return { ...kept, publicStatus: 'none', publicStatusAt: null }
    delete kept.publicStatus
    return kept
  }
  const given = data.publicStatus
  const to: PublicStatus =
    given && (PUBLIC_STATUSES as readonly string[]).includes(given) ? given : from
  const result = { ...data, publicStatus: to }
  delete result.publicStatusAt
  if (to === 'none') {
    return to === from
      ? result
      : { ...result, publicStatusReason: null, publicStatusAt: new Date().toISOString() }
  }
  const reason = reasonOf(data.publicStatusReason)
  if (to !== from) {
    if (!reason) throw refuseReason(req)
    return { ...result, publicStatusReason: reason, publicStatusAt: new Date().toISOString() }
  }
  // The same status: a new reason replaces the old, an empty one keeps it (a save in the other
  // language of the admin, whose form may not hold it).
  if (!reason) delete result.publicStatusReason
  else result.publicStatusReason = reason
  return result
}

/**
 * Each change of a resource's public status leaves its row in `resource-status-changes`, in the
 * change's own transaction, whatever door it came by, and forgets the previous status's reason
 * in the other language.
 */
export const recordPublicStatusChange: CollectionAfterChangeHook<Resource> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  const from: PublicStatus = (operation === 'update' && previousDoc?.publicStatus) || 'none'
  const to: PublicStatus = doc.publicStatus || 'none'
  if (from === to) return doc
  const locale = req.locale === 'en' ? 'en' : 'ru'
  await forgetStatusReasonElsewhere(req, { resourceId: doc.id, locale })
  const change = await req.payload.create({
    collection: 'resource-status-changes',
    data: {
      resource: doc.id,
      from,
      to,
      reason: doc.publicStatusReason ?? null,
      changedBy: req.user?.id ?? null,
    },
    locale,
    depth: 0,
    overrideAccess: true,
    req,
  })
  // The users who keep it among their favourites are told (the moderator's change is the site's).
  await notify({
    req,
    kind: 'favorite-status',
    event: change.id,
    recipients: await favouritersOf(req, doc.id),
    actor: req.user?.id ?? null,
    showActor: false,
    about: { resource: doc.id, text: change.reason },
  })
  return doc
}
